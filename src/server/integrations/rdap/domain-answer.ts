/**
 * Reads an RDAP domain object (RFC 9083 §5.3): the registry's dates, EPP status codes,
 * nameservers and the sponsoring registrar. Unknown members are ignored; a body that is not a
 * domain object at all is refused with a reason a person can read.
 */
import { z } from "zod";

const eventSchema = z.object({ eventAction: z.string(), eventDate: z.string() });
const publicIdSchema = z.object({ type: z.string(), identifier: z.string() });
const entitySchema = z.object({
  roles: z.array(z.string()).optional(),
  publicIds: z.array(publicIdSchema).optional(),
  vcardArray: z.tuple([z.string(), z.array(z.array(z.unknown()))]).rest(z.unknown()).optional().catch(undefined),
  handle: z.string().optional(),
});
const domainSchema = z.object({
  objectClassName: z.literal("domain"),
  ldhName: z.string().optional(),
  status: z.array(z.string()).optional(),
  events: z.array(eventSchema).optional(),
  nameservers: z.array(z.object({ ldhName: z.string().optional() })).optional(),
  entities: z.array(entitySchema).optional(),
});

export interface RdapDomainRecord {
  /** "YYYY-MM-DD" (UTC), or null when the answer has no such event. */
  expirationDate: string | null;
  registrationDate: string | null;
  lastChangedDate: string | null;
  /** EPP status codes (RFC 5731 spelling: clientTransferProhibited, redemptionPeriod, ok…). */
  statuses: string[];
  /** Lower-case host names (nameserverNames: anything else the answer held is dropped). */
  nameservers: string[];
  registrar: { ianaId: number | null; name: string | null } | null;
}

export class RdapAnswerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RdapAnswerError";
  }
}

/**
 * RDAP spells statuses as words (RFC 8056: "client transfer prohibited", "active"); the product
 * speaks EPP codes, which some servers send as they are.
 */
export function eppStatus(rdap: string): string {
  const words = rdap.trim().split(/\s+/);
  if (words.length === 1) return words[0] === "active" ? "ok" : words[0]!;
  return words.map((w, i) => (i === 0 ? w.toLowerCase() : w.charAt(0).toUpperCase() + w.slice(1).toLowerCase())).join("");
}

function dateOf(events: z.infer<typeof eventSchema>[], action: string): string | null {
  const event = events.find((e) => e.eventAction.toLowerCase() === action);
  if (!event) return null;
  const at = new Date(event.eventDate);
  return Number.isNaN(at.getTime()) ? null : at.toISOString().slice(0, 10);
}

function vcardName(entity: z.infer<typeof entitySchema>): string | null {
  const fn = entity.vcardArray?.[1].find((prop) => prop[0] === "fn");
  return typeof fn?.[3] === "string" && fn[3].trim() ? fn[3].trim() : null;
}

function registrarOf(entities: z.infer<typeof entitySchema>[]): RdapDomainRecord["registrar"] {
  const entity = entities.find((e) => e.roles?.some((r) => r.toLowerCase() === "registrar"));
  if (!entity) return null;
  const id = entity.publicIds?.find((p) => p.type.toLowerCase() === "iana registrar id")?.identifier;
  const ianaId = id !== undefined && /^\d+$/.test(id.trim()) ? Number(id.trim()) : null;
  return { ianaId, name: vcardName(entity) };
}

const HOST_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
/** At most this many nameservers are kept from one answer (registries allow 13). */
export const MAX_NAMESERVERS = 20;

/**
 * A nameserver's name from a registry's answer as a host name (lower case, a final dot dropped),
 * or null when it is not one: labels of letters, digits and hyphens (IDNs in their xn-- form)
 * between dots, at least two, 253 characters at most, a last label that is not all digits. An
 * answer's words, links or markup in place of a name are dropped, never stored or told.
 */
export function nameserverName(raw: string): string | null {
  const name = raw.trim().toLowerCase().replace(/\.$/, "");
  if (name.length === 0 || name.length > 253) return null;
  const labels = name.split(".");
  if (labels.length < 2 || !labels.every((l) => HOST_LABEL.test(l)) || /^\d+$/.test(labels.at(-1)!)) return null;
  return name;
}

/** The host names among an answer's nameservers, each once, in their order, at most MAX_NAMESERVERS. */
export const nameserverNames = (raw: readonly string[]): string[] =>
  [...new Set(raw.map(nameserverName).filter((n): n is string => n !== null))].slice(0, MAX_NAMESERVERS);

/** Parses the body of a 200 answer; throws RdapAnswerError when it is not an RDAP domain object. */
export function parseDomainAnswer(text: string): RdapDomainRecord {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new RdapAnswerError("the answer is not JSON");
  }
  const parsed = domainSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? ` (${issue.path.join(".")})` : "";
    throw new RdapAnswerError(`the answer is not an RDAP domain object${where}`);
  }
  const answer = parsed.data;
  const events = answer.events ?? [];
  return {
    expirationDate: dateOf(events, "expiration"),
    registrationDate: dateOf(events, "registration"),
    lastChangedDate: dateOf(events, "last changed"),
    statuses: [...new Set((answer.status ?? []).map(eppStatus))],
    nameservers: nameserverNames((answer.nameservers ?? []).flatMap((n) => (n.ldhName ? [n.ldhName] : []))),
    registrar: registrarOf(answer.entities ?? []),
  };
}
