/**
 * Environment, validated once at boot. Every key has a safe default so the product runs
 * offline with nothing set; a bad value stops the process with a list of what is wrong.
 */
import { isIP } from "node:net";
import { availableParallelism } from "node:os";
import { z } from "zod";
import { DEFAULT_PRICE_STALE_DAYS } from "../shared/price-freshness.ts";
import { MONITOR_PORTS } from "../shared/schemas/monitoring.ts";
import { networkPolicy, parseAllowances, parsePorts, USUAL_WEB_PORTS, type NetworkPolicy } from "./integrations/net/address-policy.ts";
import { readOperatorServers } from "./integrations/rdap/operator-servers.ts";
import { parseTrustedProxies } from "./lib/client-ip.ts";

const boolish = z.enum(["true", "false", "1", "0", ""]).transform((v) => v === "true" || v === "1");
const allowanceList = z.string().superRefine((value, ctx) => {
  const { invalid } = parseAllowances(value);
  if (invalid.length) ctx.addIssue({ code: "custom", message: `not none, loopback, private, host:port or CIDR:port (IPv6 in brackets, * for any port): ${invalid.join(", ")}` });
});
const portList = z.string().superRefine((value, ctx) => {
  const { invalid } = parsePorts(value);
  if (invalid.length) ctx.addIssue({ code: "custom", message: `not a port number (1-65535) or *: ${invalid.join(", ")}` });
});
/** "host" or "host:port" of a port-43 server ("[::1]:4343" for an IPv6 address). */
const serverAddress = z.string().trim().regex(/^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+)(:\d{1,5})?$/, "must be a host name or address, optionally with :port");
/** Comma-separated DNS resolvers: an IP address, optionally with :port ([IPv6]:port). */
const dnsServerList = z.string().superRefine((value, ctx) => {
  const bad = value.split(",").map((v) => v.trim()).filter(Boolean).filter((v) => !isDnsServer(v));
  if (bad.length) ctx.addIssue({ code: "custom", message: `not an IP address or ip:port ([IPv6]:port): ${bad.join(", ")}` });
});
function isDnsServer(v: string): boolean {
  const m = /^\[([0-9a-fA-F:.]+)\](?::(\d{1,5}))?$/.exec(v) ?? /^([0-9.]+)(?::(\d{1,5}))?$/.exec(v);
  if (m) return isIP(m[1]!) !== 0 && (m[2] === undefined || (Number(m[2]) >= 1 && Number(m[2]) <= 65535));
  return isIP(v) === 6;
}
/** DNS_SERVERS as a list. */
export const dnsServers = (config: Pick<Config, "DNS_SERVERS">): string[] => config.DNS_SERVERS.split(",").map((v) => v.trim()).filter(Boolean);
const emailList = z.string().transform((v) => v.split(",").map((s) => s.trim().toLowerCase()).filter(Boolean));

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().default("0.0.0.0"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /**
   * Public origin, used for every absolute link (sitemap, robots.txt, OpenAPI servers, canonical
   * links, calendar feeds, OIDC callback). Required in production; elsewhere the request's own
   * origin stands in.
   */
  APP_URL: z.url().optional(),
  // SQLite is opened from SQLITE_PATH only; a file: or sqlite: URL here would be ignored, so it is refused.
  DATABASE_URL: z.string().optional()
    .refine((v) => !v || !/^(file|sqlite):/i.test(v), "file: and sqlite: URLs are not read: leave DATABASE_URL empty and set SQLITE_PATH to the SQLite file")
    .refine((v) => !v || /^(postgres(ql)?:\/\/|file:|sqlite:)/i.test(v), "must be a postgres:// URL or empty for SQLite"),
  SQLITE_PATH: z.string().default("./data/app.db"),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  /**
   * Key material for encrypting stored registrar credentials (AES-256-GCM, key derived with
   * HKDF). Required with PostgreSQL, where several processes must share it. On SQLite, when
   * unset, a random key is generated into app-secret.key beside the database file (mode 0600)
   * and reused on every start; set it to keep the key apart from the data.
   */
  APP_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Addresses made admin at an OpenID Connect sign-in whose ID token says email_verified. */
  ADMIN_EMAILS: emailList.default([]),
  SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** Set when the app sits behind HTTPS (or its proxy terminates TLS): Secure cookies. */
  SECURE_COOKIES: boolish.optional(),
  /**
   * Addresses and CIDR ranges (IPv4, IPv6) of the reverse proxies in front of the app. Only a
   * connection from one of them has its X-Forwarded-For read (see lib/client-ip.ts); empty:
   * the header is ignored and the client is the connection's own address.
   */
  TRUSTED_PROXIES: z.string().default("").superRefine((value, ctx) => {
    const { invalid } = parseTrustedProxies(value);
    if (invalid.length) ctx.addIssue({ code: "custom", message: `not an IP address or CIDR range: ${invalid.join(", ")}` });
  }),
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  /** How long public price answers are reused (0 disables); bounds staleness across processes. */
  PRICE_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  /** Memory for signed-out public pages' HTML (render/page-cache.ts); 0 turns the page cache off. */
  PAGE_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(64),
  /** How long a cached page is reused at most when no price change replaced it first. */
  PAGE_CACHE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  /** s-maxage and stale-while-revalidate of signed-out pages: how long a CDN may serve one. */
  PAGE_CDN_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  /** A quote no source confirmed within this many days is marked stale and loses "lowest" claims to fresh ones. */
  PRICE_STALE_DAYS: z.coerce.number().int().min(1).max(3650).default(DEFAULT_PRICE_STALE_DAYS),
  /** A price fetch still waiting for its source after this long ends as "timeout". */
  PRICE_FETCH_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
  /**
   * The most domains one account's portfolio holds: adding, a CSV import or a registrar-account
   * sync that would pass it is refused whole, storing nothing.
   */
  PORTFOLIO_MAX_DOMAINS: z.coerce.number().int().min(1).max(1_000_000).default(10_000),
  /** Seed the bundled catalogue and price lists at start (idempotent). */
  SEED_ON_START: boolish.default(true),
  /** web: HTTP only; worker: jobs only; all: both in one process. */
  ROLE: z.enum(["all", "web", "worker"]).default("all"),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  /**
   * Threads that render public pages (src/server/render/render-pool.ts), off the event loop that
   * answers the API; 0 renders on the main thread. Default: one per core, so every core can render
   * (decision 024 has the measurements).
   */
  RENDER_WORKERS: z.coerce.number().int().min(0).max(64).default(availableParallelism()),
  /** Page renders that may wait for room on a render thread (each runs two at once); a request beyond them gets the client shell at once. */
  RENDER_QUEUE: z.coerce.number().int().min(0).max(10_000).default(16),
  /** A page render still unfinished after this long answers the client shell. */
  RENDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  /**
   * The render threads' nice value (Linux: per thread, render/thread-priority.ts): with fewer cores
   * than busy threads, the main thread (the API, health checks) runs first and renders take the
   * rest. 0 leaves them at the process's priority.
   */
  RENDER_THREAD_NICE: z.coerce.number().int().min(0).max(19).default(10),
  /** How often a process checks whether another changed prices (domain/price-cache.ts), dropping its cached answers when one did. */
  PRICE_CHANGE_CHECK_MS: z.coerce.number().int().min(100).max(60_000).default(1000),
  /**
   * PostgreSQL only: how often each worker asks whether a schedule is due (pg-boss's cron monitor;
   * a tick is sent once whatever the number of workers). Cron ticks are whole minutes, so a tick
   * reaches the queue up to this long after its minute starts.
   */
  QUEUE_CRON_CHECK_SECONDS: z.coerce.number().int().min(1).max(45).default(30),
  /**
   * Metrics (Prometheus text) on a port of their own, bound to METRICS_HOST; unset: no such port.
   * Worker processes serve them only there.
   */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** Where METRICS_PORT listens: loopback unless a scraper elsewhere must reach it. */
  METRICS_HOST: z.string().default("127.0.0.1"),
  /**
   * With it, GET /metrics on the server's own port answers a request carrying
   * `Authorization: Bearer <token>` (and METRICS_PORT wants it too); without it and without
   * METRICS_PORT, the metrics are served nowhere.
   */
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  /**
   * What webhooks may reach besides public addresses on WEBHOOK_PORTS (integrations/net/address-policy.ts):
   * a comma-separated list of `host:port` and `CIDR:port` pairs (IPv6 in brackets, `*` for any
   * port), and the keywords `loopback` (this machine) and `private` (also RFC 1918, carrier-grade
   * NAT and IPv6 unique-local networks), which allow those addresses on WEBHOOK_PORTS only. A
   * listed target may also be sent to over plain http. `none` (the default) allows nothing more.
   * Link-local (cloud metadata) and reserved addresses are refused whatever the value.
   */
  WEBHOOK_ALLOW_PRIVATE: allowanceList.default("none"),
  /** The ports webhooks may be sent to on public addresses (and the keywords' addresses); `*` for any. */
  WEBHOOK_PORTS: portList.default(USUAL_WEB_PORTS.join(",")),
  /**
   * What the server's own requests to URLs it did not get from this configuration (RDAP servers
   * named by IANA's bootstrap, a redirect to another origin) may reach besides public addresses
   * on the usual web ports: the same syntax as WEBHOOK_ALLOW_PRIVATE (benchmarks on loopback).
   */
  OUTBOUND_ALLOW_PRIVATE: allowanceList.default("none"),
  /** A webhook request still unanswered after this long (resolving, connecting, sending, reading) fails as a timeout. */
  WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(60).default(10),
  /**
   * Telegram's Bot API and Pushover's message API, for channels of those formats. Addresses from
   * this configuration, so they are not held to WEBHOOK_ALLOW_PRIVATE (tests point them at
   * loopback fakes); the bot token travels in the Telegram path, never in a message or log.
   */
  TELEGRAM_API_URL: z.url().default("https://api.telegram.org"),
  PUSHOVER_API_URL: z.url().default("https://api.pushover.net"),

  // Price sources and exchange rates. Base URLs point at the real services; tests point them
  // at loopback fakes. A source whose key is unset is skipped (and says so in the log).
  PORKBUN_API_URL: z.url().default("https://api.porkbun.com/api/json/v3"),
  NAMECHEAP_API_URL: z.url().default("https://api.namecheap.com/xml.response"),
  NAMECHEAP_API_USER: z.string().optional(),
  NAMECHEAP_API_KEY: z.string().optional(),
  /** The account acted on; Namecheap's own default is the API user. */
  NAMECHEAP_USERNAME: z.string().optional(),
  /** The server's public IPv4 address, whitelisted in Namecheap's API settings. */
  NAMECHEAP_CLIENT_IP: z.ipv4({ error: "must be an IPv4 address" }).optional(),
  DYNADOT_API_URL: z.url().default("https://api.dynadot.com/api3.json"),
  DYNADOT_API_KEY: z.string().optional(),
  NAMESILO_API_URL: z.url().default("https://www.namesilo.com/api"),
  NAMESILO_API_KEY: z.string().optional(),
  /**
   * Amazon Route 53's route53domains API (ListPrices), signed with an AWS access key: one whose
   * policy allows route53domains:ListPrices is enough.
   */
  ROUTE53_API_URL: z.url().default("https://route53domains.us-east-1.amazonaws.com"),
  ROUTE53_ACCESS_KEY_ID: z.string().optional(),
  ROUTE53_SECRET_ACCESS_KEY: z.string().optional(),
  /** Internet.bs's API (its test API is https://testapi.internet.bs); key and password from its API settings. */
  INTERNETBS_API_URL: z.url().default("https://api.internet.bs"),
  INTERNETBS_API_KEY: z.string().optional(),
  INTERNETBS_PASSWORD: z.string().optional(),
  /** Gandi's API v5 (its sandbox is https://api.sandbox.gandi.net); a personal access token from Gandi's account settings. */
  GANDI_API_URL: z.url().default("https://api.gandi.net"),
  GANDI_PERSONAL_ACCESS_TOKEN: z.string().optional(),
  /** DNSimple's API v2 (its sandbox is https://api.sandbox.dnsimple.com); an API access token and the account id it bills. */
  DNSIMPLE_API_URL: z.url().default("https://api.dnsimple.com"),
  DNSIMPLE_API_TOKEN: z.string().optional(),
  DNSIMPLE_ACCOUNT_ID: z.string().optional(),
  /** Name.com's price list (its Core API at NAMECOM_API_URL below; the sandbox is https://api.dev.name.com): the account's username and an API token. */
  NAMECOM_USERNAME: z.string().optional(),
  NAMECOM_API_TOKEN: z.string().optional(),
  /**
   * ResellerClub's (LogicBoxes') HTTP API (its test API is https://test.httpapi.com/api): the
   * reseller id, an API key, and the account's selling currency its customer prices are in.
   */
  RESELLERCLUB_API_URL: z.url().default("https://httpapi.com/api"),
  RESELLERCLUB_AUTH_USERID: z.string().optional(),
  RESELLERCLUB_API_KEY: z.string().optional(),
  RESELLERCLUB_CURRENCY: z.string().regex(/^[A-Z]{3}$/, "a three-letter currency code such as USD").default("USD"),
  // Price lists registrars publish without a key: Openprovider's price sheet (its CSV export),
  // the TLD list behind Namecheap's pricing pages (read while none of NAMECHEAP_API_USER,
  // NAMECHEAP_API_KEY and NAMECHEAP_CLIENT_IP above is set)
  // and Hover's domain-pricing page.
  OPENPROVIDER_PRICES_URL: z.url().default("https://docs.google.com/spreadsheets/d/1fHBHaxICLF7yhyEI5ir4jvY4H5h4nSa-aIgSMaP0500/export?format=csv&gid=1726709886"),
  NAMECHEAP_PRICES_URL: z.url().default("https://www.namecheap.com/domains/tlds.ashx"),
  HOVER_PRICES_URL: z.url().default("https://www.hover.com/domain-pricing"),
  ECB_API_URL: z.url().default("https://www.ecb.europa.eu/stats/eurofxref"),
  // Registrar account APIs (Porkbun, Namecheap and Dynadot use the base URLs above).
  GODADDY_API_URL: z.url().default("https://api.godaddy.com"),
  NAMECOM_API_URL: z.url().default("https://api.name.com"),
  CLOUDFLARE_API_URL: z.url().default("https://api.cloudflare.com/client/v4"),
  // Registry dates over RDAP (features/portfolio/registry-*.ts, docs/decisions/034).
  /** IANA's RDAP bootstrap for domains, downloaded monthly; until then the bundled copy is used. */
  IANA_RDAP_BOOTSTRAP_URL: z.url().default("https://data.iana.org/rdap/dns.json"),
  /** When set, every TLD's RDAP lookups go to this base URL instead of the bootstrap's (tests point it at a loopback fake). */
  RDAP_BASE_URL_OVERRIDE: z.url().optional(),
  /**
   * A CSV file (tld,rdap_base_url,whois_server) of the operator's own RDAP base URLs and WHOIS
   * servers per TLD, asked before IANA's (integrations/rdap/operator-servers.ts); read at start.
   */
  RDAP_SERVERS_FILE: z.string().optional(),
  /** Requests one process starts per second at most toward one RDAP server (besides at most 2 in flight at once). */
  RDAP_REQUESTS_PER_SECOND: z.coerce.number().min(0.1).max(100).default(10),
  /** How long a registry answer (found or not registered) is reused for another lookup of the same name. */
  RDAP_CACHE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(3600),
  /** "Check now" requests one user may make per hour (each one registry lookup); past it a 429 with Retry-After. */
  REGISTRY_CHECK_NOW_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(20),
  // WHOIS (port 43) for TLDs without RDAP (src/server/integrations/whois, docs/decisions/043).
  /** Look up names of TLDs without RDAP over WHOIS; false leaves them "no registry service". */
  WHOIS_ENABLED: boolish.default(true),
  /** IANA's WHOIS server (host or host:port), asked which port-43 server answers for a TLD (its root zone database entry). */
  WHOIS_IANA_SERVER: serverAddress.default("whois.iana.org"),
  /** When set (host:port), every WHOIS query goes to this address instead of the registry's (tests point it at a loopback fake). */
  WHOIS_SERVER_OVERRIDE: serverAddress.optional(),
  /** Queries one process starts per second at most toward one WHOIS server (besides one at a time). */
  WHOIS_REQUESTS_PER_SECOND: z.coerce.number().min(0.1).max(100).default(1),
  /** How long one WHOIS query may take, from connecting to the last byte of its answer. */
  WHOIS_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(120).default(10),
  // Certificate and DNS monitoring of portfolio domains (features/monitoring, docs/decisions/051).
  /** The DNS resolvers monitoring asks (comma-separated ip or ip:port, [IPv6]:port); empty: the system's resolvers. */
  DNS_SERVERS: dnsServerList.default(""),
  /** How long one DNS query may take before it counts as a failure (never as a change). */
  DNS_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(30).default(5),
  /** Queries in flight at once toward one resolver, at most (starts are also kept to 200 a second per resolver). */
  DNS_MAX_IN_FLIGHT_PER_SERVER: z.coerce.number().int().min(1).max(64).default(8),
  /** A DNS answer that differs from the confirmed one is looked at again this long after, and told only if the second look agrees. */
  DNS_CONFIRM_DELAY_MS: z.coerce.number().int().min(1000).max(86_400_000).default(300_000),
  /** How long one TLS handshake may take, from connecting to the certificate. */
  TLS_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(60).default(10),
  /** TLS connections in flight at once toward one address, at most. */
  TLS_MAX_IN_FLIGHT_PER_HOST: z.coerce.number().int().min(1).max(16).default(3),
  /** A PEM file of extra certificate authorities trusted besides Node's bundled roots (a private CA; tests' own CA). */
  TLS_EXTRA_CA_FILE: z.string().optional(),
  /** When set (host:port), every certificate check connects here, with the host name as SNI (tests point it at a loopback fake). */
  TLS_CONNECT_OVERRIDE: serverAddress.optional(),
  /** Extra host names (each with a port) an owner may watch per domain, besides the apex and www. */
  MONITOR_MAX_HOSTS_PER_DOMAIN: z.coerce.number().int().min(0).max(100).default(20),
  /** "Check now" requests for certificates and DNS one user may make per hour; past it a 429 with Retry-After. */
  MONITOR_CHECK_NOW_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(10),
  /** The external community chat; the pages show no chat link when unset. */
  COMMUNITY_CHAT_URL: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
  /** Where people can write to the team; shown on the contact, help and ICANN pages when set. */
  CONTACT_EMAIL: z.email("must be an e-mail address").optional(),
  /**
   * The mail server notifications go through: smtp://user:password@host:587 (STARTTLS when
   * offered) or smtps://…:465. Unset: no e-mail is sent, and the notification settings say so.
   */
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" }).optional(),
  /** The From of notification mails, e.g. "TLDScope <alerts@example.com>"; required with SMTP_URL. */
  MAIL_FROM: z.string().regex(/^[^\r\n]*@[^\r\n]*$/, "must be an address, optionally with a name: Name <address@example.com>").optional(),
});

export type Config = z.infer<typeof schema>;

/** Where webhooks may be sent (WEBHOOK_ALLOW_PRIVATE, WEBHOOK_PORTS). */
export const webhookPolicy = (config: Pick<Config, "WEBHOOK_ALLOW_PRIVATE" | "WEBHOOK_PORTS">): NetworkPolicy =>
  networkPolicy(config.WEBHOOK_ALLOW_PRIVATE, config.WEBHOOK_PORTS);

/** Where the server's requests to URLs not from this configuration may go (OUTBOUND_ALLOW_PRIVATE). */
export const outboundPolicy = (config: Pick<Config, "OUTBOUND_ALLOW_PRIVATE">): NetworkPolicy => networkPolicy(config.OUTBOUND_ALLOW_PRIVATE);

/** The port WHOIS servers answer on (RFC 3912). */
export const WHOIS_PORT = 43;

/** Where WHOIS queries to a server IANA names may go: OUTBOUND_ALLOW_PRIVATE's allowances, on port 43. */
export const whoisPolicy = (config: Pick<Config, "OUTBOUND_ALLOW_PRIVATE">): NetworkPolicy =>
  networkPolicy(config.OUTBOUND_ALLOW_PRIVATE, String(WHOIS_PORT));

/** Where certificate probes may connect: OUTBOUND_ALLOW_PRIVATE's allowances, on the TLS ports hosts may be watched on (MONITOR_PORTS). */
export const tlsProbePolicy = (config: Pick<Config, "OUTBOUND_ALLOW_PRIVATE">): NetworkPolicy =>
  networkPolicy(config.OUTBOUND_ALLOW_PRIVATE, MONITOR_PORTS.join(","));

/** Keys that no longer do anything; TRUST_PROXY=true is refused (see loadConfig). */
const RETIRED_PROXY_KEYS = ["TRUST_PROXY", "TRUST_PROXY_HOPS"] as const;
const TRUSTED_PROXIES_HINT = "list the reverse proxies' addresses or ranges in TRUSTED_PROXIES instead (e.g. TRUSTED_PROXIES=10.0.0.0/8,::1)";

/** Non-fatal remarks about the environment, for main.ts to log at boot. */
export function configWarnings(env: Record<string, string | undefined> = process.env): string[] {
  return RETIRED_PROXY_KEYS.filter((key) => env[key] !== undefined && env[key] !== "")
    .map((key) => `${key} is no longer read and has no effect: ${TRUSTED_PROXIES_HINT}`);
}

/**
 * `serving`: the configuration is for a process that answers HTTP (the server). Operator commands
 * (admin, migrate, seed) build no links, so they do not need APP_URL in production.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env, { serving = true }: { serving?: boolean } = {}): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = schema.safeParse(cleaned);
  const problems: string[] = [];
  // TRUST_PROXY=true believed X-Forwarded-For from whoever connected; starting as if it were
  // still honoured would silently count every client behind the proxy as the proxy.
  if (cleaned.TRUST_PROXY && /^(true|1)$/i.test(cleaned.TRUST_PROXY)) {
    problems.push(`  TRUST_PROXY: no longer supported (it trusted X-Forwarded-For from any connection); ${TRUSTED_PROXIES_HINT}, and remove TRUST_PROXY`);
  }
  if (!parsed.success) {
    problems.push(...parsed.error.issues.map((i) => `  ${i.path.join(".") || "(env)"}: ${i.message}`));
    throw new Error(`Invalid configuration:\n${problems.join("\n")}`);
  }
  const c = parsed.data;
  // In production nothing absolute may be built from the request's Host header, which anyone
  // can write and shared caches would keep.
  if (serving && c.NODE_ENV === "production" && !c.APP_URL) {
    problems.push("  APP_URL: required in production (the public origin, e.g. https://domains.example.com); sitemap, robots.txt, the OpenAPI servers and canonical links are built from it, never from the request's Host header");
  }
  const oidc = [c.OIDC_ISSUER, c.OIDC_CLIENT_ID, c.OIDC_CLIENT_SECRET].filter(Boolean).length;
  if (oidc > 0 && oidc < 3) problems.push("  OIDC_*: set OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET together");
  // Every process sharing a PostgreSQL database must decrypt the same credentials.
  if (c.DATABASE_URL && /^postgres(ql)?:\/\//i.test(c.DATABASE_URL) && !c.APP_SECRET) {
    problems.push("  APP_SECRET: required with PostgreSQL (at least 32 characters, the same for every process); it encrypts stored registrar credentials");
  }
  if (c.RDAP_SERVERS_FILE) {
    try {
      readOperatorServers(c.RDAP_SERVERS_FILE);
    } catch (error) {
      problems.push(`  RDAP_SERVERS_FILE: ${(error as Error).message}`);
    }
  }
  if (c.SMTP_URL && !c.MAIL_FROM) problems.push("  MAIL_FROM: required with SMTP_URL (the From of notification mails, e.g. TLDScope <alerts@example.com>)");
  if (problems.length) throw new Error(`Invalid configuration:\n${problems.join("\n")}`);
  return c;
}
