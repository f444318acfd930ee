/**
 * Outbound register/transfer links. The target is always the provider's own URL pattern with
 * the validated domain substituted, never a URL taken from the request, so /api/r/* cannot be
 * used as an open redirect. A catalogue suffix on its own ("co.uk") is an extension, not a domain
 * anyone can register, so it is refused like any other invalid domain. A stored pattern that
 * cannot make a good link (src/shared/url-pattern.ts) answers 503 saying so, and the cause is logged.
 */
import type { Db } from "../../../../db/client.ts";
import { findServiceProvider } from "../../../../db/repositories/service-provider-repository.ts";
import { findTldIdByName, listTldsByNames } from "../../../../db/repositories/tld-repository.ts";
import { bareSuffixMessage, candidateSuffixes, splitDomain, validateDomainName } from "../../../shared/domain-name.ts";
import { providerIdSchema } from "../../../shared/schemas/price-list.ts";
import { fillUrlPattern, urlPatternProblem } from "../../../shared/url-pattern.ts";
import { AppError, badRequest, notFound } from "../../lib/errors.ts";
import type { Logger } from "../../lib/logger.ts";

export type RedirectKind = "register" | "transfer";

export interface DomainSuffix {
  /** The longest catalogue name the domain ends with ("co.uk" for shop.co.uk), or the domain itself when it is one. */
  suffix: string | null;
  /** True when the domain is itself a catalogue name ("co.uk", "com"): an extension, not a domain. */
  isSuffix: boolean;
}

/** Which catalogue extension a normalised domain belongs to: one lookup of the domain and each of its suffixes. */
export async function findDomainSuffix(db: Db, domain: string): Promise<DomainSuffix> {
  const known = new Set((await listTldsByNames(db, [domain, ...candidateSuffixes(domain)])).map((tld) => tld.name));
  if (known.has(domain)) return { suffix: domain, isSuffix: true };
  return { suffix: splitDomain(domain, (name) => known.has(name))?.suffix ?? null, isSuffix: false };
}

export async function resolveRedirect(
  { db, log }: { db: Db; log: Logger },
  kind: RedirectKind,
  query: { providerId?: string | undefined; domain?: string | undefined },
): Promise<string> {
  const providerId = providerIdSchema.safeParse(query.providerId);
  if (!providerId.success) throw badRequest("Invalid registrar ID", [{ field: "providerId", message: "Invalid registrar ID" }]);
  const domain = validateDomainName(query.domain);
  if (!domain.valid) throw badRequest(domain.message, [{ field: "domain", message: domain.message }]);
  if ((await findTldIdByName(db, domain.domain)) !== null) {
    const message = bareSuffixMessage(domain.domain);
    throw badRequest(message, [{ field: "domain", message }]);
  }

  const provider = await findServiceProvider(db, providerId.data);
  if (!provider || !provider.isActive) throw notFound("Registrar not found");
  const pattern = kind === "register" ? provider.registrationUrlPattern : provider.transferUrlPattern;
  if (!pattern) throw notFound(`${provider.name} does not offer online ${kind === "register" ? "registration" : "transfers"} links`);

  const problem = urlPatternProblem(pattern);
  if (problem) {
    log.warn({ providerId: provider.id, kind, pattern, problem }, "stored registrar link pattern is malformed");
    const link = kind === "register" ? "registration" : "transfer";
    throw new AppError(503, `${provider.name}'s ${link} link is misconfigured, so it cannot be opened; visit ${provider.website ?? provider.domain} instead`);
  }
  return new URL(fillUrlPattern(pattern, domain.domain)).toString();
}
