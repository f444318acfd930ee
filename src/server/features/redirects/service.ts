/**
 * Outbound register/transfer links. The target is always the provider's own URL pattern with
 * the validated domain substituted, never a URL taken from the request, so /api/r/* cannot be
 * used as an open redirect. A catalogue suffix on its own ("co.uk") is an extension, not a domain
 * anyone can register, so it is refused like any other invalid domain.
 */
import type { Db } from "../../../../db/client.ts";
import { findServiceProvider } from "../../../../db/repositories/service-provider-repository.ts";
import { findTldIdByName } from "../../../../db/repositories/tld-repository.ts";
import { bareSuffixMessage, validateDomainName } from "../../../shared/domain-name.ts";
import { providerIdSchema } from "../../../shared/schemas/price-list.ts";
import { badRequest, notFound } from "../../lib/errors.ts";

export type RedirectKind = "register" | "transfer";

export async function resolveRedirect(
  db: Db,
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

  const target = new URL(pattern.replaceAll("{domain}", encodeURIComponent(domain.domain)));
  if (target.protocol !== "https:" && target.protocol !== "http:") throw notFound("Registrar link is not available");
  return target.toString();
}
