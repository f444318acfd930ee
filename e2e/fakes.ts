/**
 * Every third-party API the server calls, faked on loopback before the server starts, and the
 * environment that points the server (and the admin command) at them: no request of a journey
 * can leave the machine. Journeys steer the fakes through the handles returned here.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Hono } from "hono";
import { fakeDnsimple } from "../src/server/integrations/prices/testing/fake-dnsimple.ts";
import { fakeDynadot } from "../src/server/integrations/prices/testing/fake-dynadot.ts";
import { fakeGandi } from "../src/server/integrations/prices/testing/fake-gandi.ts";
import { fakeInternetBs } from "../src/server/integrations/prices/testing/fake-internetbs.ts";
import { fakeResellerClub } from "../src/server/integrations/prices/testing/fake-resellerclub.ts";
import { fakeRoute53 } from "../src/server/integrations/prices/testing/fake-route53.ts";
import type { FakeControl } from "../src/server/integrations/prices/testing/fake-behaviour.ts";
import { fakeHover } from "../src/server/integrations/prices/testing/fake-hover.ts";
import { fakeNamecheapPublic } from "../src/server/integrations/prices/testing/fake-namecheap-public.ts";
import { fakeNamecheap } from "../src/server/integrations/prices/testing/fake-namecheap.ts";
import { fakeOpenprovider, OPENPROVIDER_SHEET_PATH } from "../src/server/integrations/prices/testing/fake-openprovider.ts";
import { fakeNameSilo } from "../src/server/integrations/prices/testing/fake-namesilo.ts";
import { fakePorkbun, PORKBUN_ANSWER } from "../src/server/integrations/prices/testing/fake-porkbun.ts";
import { fakeEcb } from "../src/server/integrations/rates/testing/fake-ecb.ts";
import { createFakeCloudflare } from "../src/server/integrations/registrars/testing/fake-cloudflare.ts";
import { createFakeGoDaddy } from "../src/server/integrations/registrars/testing/fake-godaddy.ts";
import { createFakeNameCom } from "../src/server/integrations/registrars/testing/fake-namecom.ts";
import { createFakePorkbun } from "../src/server/integrations/registrars/testing/fake-porkbun.ts";
import { fakeAccount, type FakeAccount } from "../src/server/integrations/registrars/testing/fake-state.ts";
import { startFakeRdap, type FakeRdap } from "../src/server/integrations/rdap/testing/fake-rdap.ts";
import { verisignAnswer } from "../src/server/integrations/rdap/testing/rdap-answers.ts";
import { startFakeWhois } from "../src/server/integrations/whois/testing/fake-whois.ts";
import { startFakeDns, type FakeDns } from "../src/server/integrations/dns/testing/fake-dns.ts";
import { startFakeTls, type FakeTls } from "../src/server/integrations/tls/testing/fake-tls.ts";
import { createAuthority, type TestAuthority } from "../src/server/integrations/tls/testing/test-certificates.ts";
import { ianaTldAnswer, identityDigitalWhois } from "../src/server/integrations/whois/testing/whois-answers.ts";
import { startLoopbackServer, type LoopbackServer } from "../src/server/testing/loopback.ts";
import { startSmtpFake, type SmtpFake } from "../src/server/testing/smtp-fake.ts";
import { startServiceFake, type ServiceFake } from "../src/server/integrations/webhooks/testing/service-fakes.ts";

/** What the Porkbun fake charges for .com, against the bundled answer's 11.08. */
export const CHANGED_COM_REGISTRATION = "9.73";

/** The config's base URLs (and WHOIS server addresses) that startFakes points at a loopback fake. */
export const FAKED_API_URLS = [
  "PORKBUN_API_URL", "NAMECHEAP_API_URL", "DYNADOT_API_URL", "NAMESILO_API_URL", "ECB_API_URL",
  "GODADDY_API_URL", "NAMECOM_API_URL", "CLOUDFLARE_API_URL",
  "ROUTE53_API_URL", "INTERNETBS_API_URL", "GANDI_API_URL", "DNSIMPLE_API_URL", "RESELLERCLUB_API_URL",
  "OPENPROVIDER_PRICES_URL", "NAMECHEAP_PRICES_URL", "HOVER_PRICES_URL",
  "IANA_RDAP_BOOTSTRAP_URL", "RDAP_BASE_URL_OVERRIDE", "WHOIS_IANA_SERVER", "WHOIS_SERVER_OVERRIDE",
  "TELEGRAM_API_URL", "PUSHOVER_API_URL",
] as const;

const BUNDLED_RDAP_SERVICES = readFileSync(new URL("../db/seed/data/iana/rdap-dns-services.json", import.meta.url), "utf8");

/** Names starting with this are registered at the RDAP fake (with REGISTRY_DATES); any other name is not (404). */
export const RDAP_REGISTERED_PREFIX = "e2e-rdap-";
export const REGISTRY_DATES = { registration: "2018-05-04T11:22:33Z", expiration: "2032-05-04T11:22:33Z", lastChanged: "2025-10-01T07:00:00Z" };

/**
 * The .eu name the journeys add (any spelling of it): .eu has no RDAP server in IANA's bootstrap
 * or its bundled supplement, IANA lists whois.eu for it, and the WHOIS fake answers it in the
 * common gTLD layout with Namecheap (IANA 1068) as its registrar and an expiry WHOIS_EXPIRY_DAYS
 * ahead, so the forecast counts it.
 */
export const WHOIS_DOMAIN = { typed: "Müller.EU ", unicode: "müller.eu", ace: "xn--mller-kva.eu" } as const;
export const WHOIS_EXPIRY_DAYS = 60;

/** The certificate authority the server trusts besides Node's roots (TLS_EXTRA_CA_FILE); its certificates read as issued by it. */
export const E2E_CA_NAME = "TLDScope E2E CA";
/**
 * How long a different DNS answer waits for its second look (DNS_CONFIRM_DELAY_MS): short, so a
 * journey's second Check now, this long after the first saw the change, confirms it.
 */
export const DNS_CONFIRM_DELAY_MS = 1000;

export interface Fakes {
  env: Record<string, string>;
  /** Porkbun's pricing endpoint: switch its behaviour to "server-error" to make fetches fail. */
  porkbunPricing: FakeControl;
  /** The Porkbun account behind /ping and /domain/listAll. */
  porkbunAccount: FakeAccount;
  /** A loopback SMTP server receiving every mail the server sends (SMTP_URL points at it). */
  mail: SmtpFake;
  /** The RDAP fake: a journey sets a name's answer in `answers` to change what the registry says. */
  rdap: FakeRdap;
  /** A webhook receiver (the server runs with WEBHOOK_ALLOW_PRIVATE=127.0.0.1:* so it may reach it). */
  webhook: { url: string; received: ReceivedWebhook[] };
  /** Telegram's Bot API (TELEGRAM_API_URL): it knows one bot token and one chat (service-fakes.ts FAKE). */
  telegram: ServiceFake;
  /**
   * Every certificate check connects here (TLS_CONNECT_OVERRIDE), with the host name as SNI. A
   * journey serves a name's certificate with `tls.serve(name, certificates.issue([name], days))`;
   * a name without one has its handshake refused, as a host serving no HTTPS (never an alarm).
   */
  tls: FakeTls;
  /** Issues certificates the server trusts (E2E_CA_NAME, written to TLS_EXTRA_CA_FILE). */
  certificates: TestAuthority;
  /** The one resolver the monitoring asks (DNS_SERVERS): a journey sets and changes a name's records; other names are NXDOMAIN. */
  dns: FakeDns;
  close(): Promise<void>;
}

export interface ReceivedWebhook {
  path: string;
  headers: Record<string, string>;
  body: string;
}

/** The real bundled answer with .com's registration price changed, so a fetch records a new period. */
function changedPorkbunAnswer(): string {
  const answer = JSON.parse(PORKBUN_ANSWER) as { pricing: Record<string, { registration: string }> };
  answer.pricing.com!.registration = CHANGED_COM_REGISTRATION;
  return JSON.stringify(answer);
}

export async function startFakes(): Promise<Fakes> {
  const pricing = fakePorkbun("success", changedPorkbunAnswer());
  const porkbunAccount = fakeAccount([
    { name: "e2e-sync-alpha.com", created: "2021-03-15", expires: "2031-03-15", autoRenew: true, locked: true, privacy: true },
    { name: "e2e-sync-beta.net", created: "2022-07-01", expires: "2030-07-01", autoRenew: false, locked: false, privacy: true },
  ]);
  // One base URL serves both Porkbun APIs, as the real api.porkbun.com does.
  const porkbun = new Hono().route("/", pricing.app).route("/", createFakePorkbun(porkbunAccount));
  const nobody = fakeAccount([]);
  const servers: LoopbackServer[] = [];
  const serve = async (app: Hono<any>) => {
    const server = await startLoopbackServer(app);
    servers.push(server);
    return server.url;
  };
  let rdapHandle: FakeRdap | undefined;
  const rdapFake = async () => {
    const rdap = await startFakeRdap({
      answerEvery: (name) => (name.startsWith(RDAP_REGISTERED_PREFIX)
        ? { kind: "json", body: verisignAnswer(name, REGISTRY_DATES, { registrar: "Porkbun LLC", ianaId: "1861" }) }
        : undefined),
    });
    servers.push(rdap.server);
    rdapHandle = rdap;
    return rdap.baseUrl;
  };
  const whoisFake = async () => {
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().replace(/\.\d+Z$/, "Z");
    const dates = { registration: "2019-02-03T10:00:00Z", expiration: day(WHOIS_EXPIRY_DAYS), lastChanged: day(-30) };
    const whois = await startFakeWhois({
      answerEvery: (query) => {
        if (query === "eu") return ianaTldAnswer("eu", "whois.eu", "EURid vzw");
        if (query.endsWith(WHOIS_DOMAIN.ace)) return identityDigitalWhois(WHOIS_DOMAIN.ace, dates);
        return undefined;
      },
    });
    servers.push({ url: whois.address, close: () => whois.close() });
    return whois.address;
  };
  const whoisAddress = await whoisFake();
  const telegram = await startServiceFake("telegram");
  const pushover = await startServiceFake("pushover");
  servers.push(telegram, pushover);
  const env: Record<(typeof FAKED_API_URLS)[number], string> = {
    PORKBUN_API_URL: await serve(porkbun),
    NAMECHEAP_API_URL: `${await serve(fakeNamecheap().app)}/xml.response`,
    DYNADOT_API_URL: `${await serve(fakeDynadot().app)}/api3.json`,
    NAMESILO_API_URL: `${await serve(fakeNameSilo().app)}/api`,
    ECB_API_URL: `${await serve(fakeEcb().app)}/stats/eurofxref`,
    GODADDY_API_URL: await serve(createFakeGoDaddy(nobody)),
    NAMECOM_API_URL: await serve(createFakeNameCom(nobody)),
    CLOUDFLARE_API_URL: await serve(createFakeCloudflare(nobody)),
    // Keyed price APIs (no key is set here, so they stay "not configured"): their fakes all the same.
    ROUTE53_API_URL: await serve(fakeRoute53().app),
    INTERNETBS_API_URL: await serve(fakeInternetBs().app),
    GANDI_API_URL: await serve(fakeGandi().app),
    DNSIMPLE_API_URL: await serve(fakeDnsimple().app),
    RESELLERCLUB_API_URL: `${await serve(fakeResellerClub().app)}/api`,
    OPENPROVIDER_PRICES_URL: `${await serve(fakeOpenprovider().app)}${OPENPROVIDER_SHEET_PATH}?format=csv&gid=1726709886`,
    NAMECHEAP_PRICES_URL: `${await serve(fakeNamecheapPublic().app)}/domains/tlds.ashx`,
    HOVER_PRICES_URL: `${await serve(fakeHover().app)}/domain-pricing`,
    // IANA's bootstrap as bundled; every TLD it lists is then looked up at the one RDAP fake.
    IANA_RDAP_BOOTSTRAP_URL: `${await serve(new Hono().get("/rdap/dns.json", (c) => c.json({ version: "1.0", services: JSON.parse(BUNDLED_RDAP_SERVICES) as unknown })))}/rdap/dns.json`,
    RDAP_BASE_URL_OVERRIDE: await rdapFake(),
    // IANA's root zone entries and every registry's port 43 at one WHOIS fake.
    WHOIS_IANA_SERVER: whoisAddress,
    WHOIS_SERVER_OVERRIDE: whoisAddress,
    TELEGRAM_API_URL: telegram.url,
    PUSHOVER_API_URL: pushover.url,
  };
  const received: ReceivedWebhook[] = [];
  const webhookUrl = await serve(new Hono().post("/*", async (c) => {
    received.push({ path: c.req.path, headers: c.req.header(), body: await c.req.text() });
    return c.text("ok");
  }));
  const mail = await startSmtpFake();
  const mailEnv = { SMTP_URL: mail.url, MAIL_FROM: "TLDScope <notifications@e2e.test>" };
  // Certificates and DNS: a CA made with openssl now, a TLS server every check connects to, a DNS server.
  const certificates = createAuthority(E2E_CA_NAME);
  const caDir = mkdtempSync(join(tmpdir(), "e2e-ca-"));
  writeFileSync(join(caDir, "ca.pem"), certificates.cert);
  const tls = await startFakeTls(null);
  const dns = await startFakeDns();
  const monitorEnv = {
    DNS_SERVERS: dns.address, DNS_TIMEOUT_SECONDS: "2", DNS_CONFIRM_DELAY_MS: String(DNS_CONFIRM_DELAY_MS),
    TLS_CONNECT_OVERRIDE: `127.0.0.1:${tls.port}`, TLS_EXTRA_CA_FILE: join(caDir, "ca.pem"), TLS_TIMEOUT_SECONDS: "3",
  };
  return {
    env: { ...env, WEBHOOK_ALLOW_PRIVATE: "127.0.0.1:*", ...mailEnv, ...monitorEnv }, mail, rdap: rdapHandle!, porkbunPricing: pricing.control, porkbunAccount,
    webhook: { url: webhookUrl, received }, telegram, tls, certificates, dns,
    close: async () => {
      await Promise.all([...servers.map((s) => s.close()), mail.close(), tls.close(), dns.close()]);
      rmSync(caDir, { recursive: true, force: true });
    },
  };
}
