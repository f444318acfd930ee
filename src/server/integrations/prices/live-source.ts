/**
 * What every live price adapter does alike: call the API through the HTTP helper, turn its
 * failures into PriceSourceErrors, read JSON or XML telling a body cut short ("incomplete")
 * from one that is not what the API documents ("malformed"), check the shape with zod, and
 * hand back a whole PriceList or nothing.
 */
import { XMLParser, XMLValidator } from "fast-xml-parser";
import type { z } from "zod";
import { SnapshotBuilder } from "./price-list-builder.ts";
import { HttpError, httpRequest, type HttpOptions, type HttpRequest, type HttpResponse } from "../http.ts";
import { PriceSourceError, type PriceList } from "./source.ts";

export async function callPriceApi(request: HttpRequest, options?: HttpOptions): Promise<HttpResponse> {
  try {
    return await httpRequest(request, options);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    if (error.kind === "http") {
      const auth = error.status === 401 || error.status === 403;
      throw new PriceSourceError(auth ? "auth" : "http", error.message, error.status);
    }
    // An answer past its cap is not the list the source documents; a refused redirect is the source's doing.
    const kind = error.kind === "network" || error.kind === "refused" ? "http" : error.kind === "too-large" ? "malformed" : error.kind;
    throw new PriceSourceError(kind, error.message);
  }
}

/** "A, B are not set" for the keys `config` lacks a value for; null when it has them all. */
export function missingSettings<K extends string>(config: Partial<Record<K, unknown>>, keys: readonly K[]): string | null {
  const missing = keys.filter((key) => !config[key]);
  return missing.length === 0 ? null : `${missing.join(", ")} ${missing.length === 1 ? "is" : "are"} not set`;
}

/** A refusal's body as JSON, or null when it is not JSON (an error page). */
export function jsonOrNull(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

const truncated = (service: string) =>
  new PriceSourceError("incomplete", `${service}'s answer stops halfway (the body is cut short); nothing was used, try again later`);
const malformed = (service: string, what: string) =>
  new PriceSourceError("malformed", `${service} answered with ${what}; its API may have changed, nothing was used`);

/** JSON.parse, where an error at the very end of the text means the body was cut short. */
export function readJsonAnswer(service: string, text: string): unknown {
  const body = text.replace(/^\uFEFF/, "").trimEnd();
  try {
    return JSON.parse(body);
  } catch (error) {
    const message = error instanceof Error ? error.message : "";
    const at = /at position (\d+)/.exec(message)?.[1];
    const atEnd = /end of JSON input|Unterminated/.test(message) || (at !== undefined && Number(at) >= body.length - 1);
    if (body.length > 0 && /^[[{]/.test(body) && atEnd) throw truncated(service);
    throw malformed(service, "something that is not JSON");
  }
}

/**
 * Parses an XML answer whose document element is `root`. A document that opens that element
 * but never closes it was cut short; anything else that fails to parse is malformed. Attributes
 * come as "@_Name", values stay strings, and the elements named in `lists` are always arrays.
 */
export function readXmlAnswer(service: string, text: string, root: string, lists: string[] = []): Record<string, unknown> {
  const body = text.replace(/^\uFEFF/, "").trim();
  const opens = new RegExp(`^(<\\?xml[^>]*\\?>\\s*)?<(\\w+:)?${root}[\\s>]`).test(body);
  const closes = new RegExp(`</(\\w+:)?${root}>$`).test(body);
  if (opens && !closes) throw truncated(service);
  if (!opens || XMLValidator.validate(body) !== true) throw malformed(service, "something that is not the XML it documents");
  const parser = new XMLParser({
    ignoreAttributes: false, attributeNamePrefix: "@_", removeNSPrefix: true, parseAttributeValue: false,
    parseTagValue: false, isArray: (name) => lists.includes(name),
  });
  return parser.parse(body) as Record<string, unknown>;
}

export function checkShape<S extends z.ZodType>(service: string, schema: S, value: unknown): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue?.path.length ? issue.path.map(String).join(".") : "the answer";
  throw malformed(service, `an unexpected shape (${where}: ${issue?.message ?? "invalid"})`);
}

/** Collects a live list with the file parsers' rules; dated now, since the API answered now. */
export class LivePriceList {
  readonly out: SnapshotBuilder;
  private readonly observedAt = new Date();

  constructor(readonly providerKey: string, currency = "USD") {
    this.out = new SnapshotBuilder(providerKey, this.observedAt.toISOString().slice(0, 10), currency);
  }

  /** An answer without a single price is never a registrar's real list: treat it as cut short. */
  finish(service: string): PriceList {
    const { quotes, skipped } = this.out.build();
    if (quotes.length === 0) {
      throw new PriceSourceError("incomplete", `${service} answered with no prices at all; nothing was used, try again later`);
    }
    return { providerKey: this.providerKey, observedAt: this.observedAt, quotes, skipped };
  }
}
