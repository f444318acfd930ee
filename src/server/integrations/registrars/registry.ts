/**
 * Which adapter serves which registrar (by service provider slug) and where its base URL
 * comes from in config.
 */
import type { RegistrarSlug } from "../../../shared/schemas/registrar-account.ts";
import type { Config } from "../../config.ts";
import { createCloudflareAdapter } from "./cloudflare.ts";
import { createDynadotAdapter } from "./dynadot.ts";
import { createGoDaddyAdapter } from "./godaddy.ts";
import { createNameComAdapter } from "./namecom.ts";
import { createNamecheapAdapter } from "./namecheap.ts";
import { createPorkbunAdapter } from "./porkbun.ts";
import type { RegistrarAdapter, RegistrarAdapterFactory, RegistrarCredentials, RegistrarHttpOptions } from "./registrar.ts";

const ADAPTERS: Record<RegistrarSlug, { create: RegistrarAdapterFactory; url: (c: Config) => string }> = {
  porkbun: { create: createPorkbunAdapter, url: (c) => c.PORKBUN_API_URL },
  godaddy: { create: createGoDaddyAdapter, url: (c) => c.GODADDY_API_URL },
  namecheap: { create: createNamecheapAdapter, url: (c) => c.NAMECHEAP_API_URL },
  dynadot: { create: createDynadotAdapter, url: (c) => c.DYNADOT_API_URL },
  namecom: { create: createNameComAdapter, url: (c) => c.NAMECOM_API_URL },
  cloudflare: { create: createCloudflareAdapter, url: (c) => c.CLOUDFLARE_API_URL },
};

export function createRegistrarAdapter(
  slug: RegistrarSlug, config: Config, credentials: RegistrarCredentials, http: RegistrarHttpOptions = {},
): RegistrarAdapter {
  const entry = ADAPTERS[slug];
  return entry.create({ credentials, baseUrl: entry.url(config).replace(/\/+$/, ""), http, clientIp: config.NAMECHEAP_CLIENT_IP, maxDomains: config.PORTFOLIO_MAX_DOMAINS });
}
