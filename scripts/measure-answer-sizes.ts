/**
 * npx tsx scripts/measure-answer-sizes.ts: the size of every kind of answer the server reads from
 * another service, against the cap it reads up to (src/server/integrations/answer-caps.ts). Each
 * source's real adapter runs against its loopback fake, which replays the bundled data in the
 * documented shape; a wrapper around the fake counts the bytes of every answer. Registrar
 * account APIs are asked for a portfolio of PORTFOLIO_MAX_DOMAINS (10,000) domains.
 * Prints one line per answer kind: the largest answer, its cap, and the room left (cap ÷ size).
 */
import { readFileSync } from "node:fs";
import { Hono } from "hono";
import { REGISTRAR_SLUGS, type RegistrarSlug } from "../src/shared/schemas/registrar-account.ts";
import { loadConfig } from "../src/server/config.ts";
import { ANSWER_CAPS, DYNADOT_BYTES_PER_DOMAIN } from "../src/server/integrations/answer-caps.ts";
import { dnsimpleSource } from "../src/server/integrations/prices/dnsimple.ts";
import { dynadotSource } from "../src/server/integrations/prices/dynadot.ts";
import { gandiSource } from "../src/server/integrations/prices/gandi.ts";
import { hoverSource } from "../src/server/integrations/prices/hover.ts";
import { internetBsSource } from "../src/server/integrations/prices/internetbs.ts";
import { nameComSource } from "../src/server/integrations/prices/namecom.ts";
import { resellerClubSource } from "../src/server/integrations/prices/resellerclub.ts";
import { namecheapPublicSource } from "../src/server/integrations/prices/namecheap-public.ts";
import { namecheapSource } from "../src/server/integrations/prices/namecheap.ts";
import { nameSiloSource } from "../src/server/integrations/prices/namesilo.ts";
import { openproviderSource } from "../src/server/integrations/prices/openprovider.ts";
import { porkbunSource } from "../src/server/integrations/prices/porkbun.ts";
import { fakeDnsimple } from "../src/server/integrations/prices/testing/fake-dnsimple.ts";
import { fakeDynadot } from "../src/server/integrations/prices/testing/fake-dynadot.ts";
import { fakeGandi } from "../src/server/integrations/prices/testing/fake-gandi.ts";
import { fakeHover } from "../src/server/integrations/prices/testing/fake-hover.ts";
import { fakeInternetBs } from "../src/server/integrations/prices/testing/fake-internetbs.ts";
import { fakeNameCom } from "../src/server/integrations/prices/testing/fake-namecom.ts";
import { fakeResellerClub } from "../src/server/integrations/prices/testing/fake-resellerclub.ts";
import { fakeNamecheapPublic } from "../src/server/integrations/prices/testing/fake-namecheap-public.ts";
import { fakeNamecheap } from "../src/server/integrations/prices/testing/fake-namecheap.ts";
import { fakeNameSilo } from "../src/server/integrations/prices/testing/fake-namesilo.ts";
import { fakeOpenprovider, OPENPROVIDER_SHEET_PATH } from "../src/server/integrations/prices/testing/fake-openprovider.ts";
import { fakePorkbun } from "../src/server/integrations/prices/testing/fake-porkbun.ts";
import type { PriceSource } from "../src/server/integrations/prices/source.ts";
import { fetchEcbDailyRates } from "../src/server/integrations/rates/ecb.ts";
import { fakeEcb } from "../src/server/integrations/rates/testing/fake-ecb.ts";
import { verisignAnswer, nominetAnswer } from "../src/server/integrations/rdap/testing/rdap-answers.ts";
import { createRegistrarAdapter } from "../src/server/integrations/registrars/registry.ts";
import { fakeAccount, makeDomains } from "../src/server/integrations/registrars/testing/fake-state.ts";
import { FAKE_CLIENT_IP, FAKES } from "../src/server/integrations/registrars/testing/fakes.ts";
import { startLoopbackServer } from "../src/server/testing/loopback.ts";

const PORTFOLIO_DOMAINS = 10_000;
const rows: { what: string; bytes: number; cap: number; note?: string }[] = [];

/** Serves `app` on loopback, counting the bytes of each answer body; `run` gets the base URL. */
async function measured(app: Hono<any>, run: (url: string) => Promise<unknown>): Promise<number[]> {
  const sizes: number[] = [];
  const outer = new Hono();
  outer.use("*", async (c, next) => {
    await next();
    const body = await c.res.clone().arrayBuffer();
    sizes.push(body.byteLength);
  });
  outer.route("/", app);
  const server = await startLoopbackServer(outer);
  try {
    await run(server.url);
  } finally {
    await server.close();
  }
  return sizes;
}

async function priceSource(what: string, cap: number, app: Hono, source: (url: string) => PriceSource, note?: string) {
  const sizes = await measured(app, (url) => source(url).fetchPrices());
  rows.push({ what, bytes: Math.max(...sizes), cap, ...(note ? { note } : {}) });
}

await priceSource("Porkbun pricing/get", ANSWER_CAPS.porkbunPrices, fakePorkbun().app,
  (url) => porkbunSource(loadConfig({ PORKBUN_API_URL: url })));
await priceSource("Openprovider price sheet (CSV)", ANSWER_CAPS.openproviderSheet, fakeOpenprovider().app,
  (url) => openproviderSource(loadConfig({ OPENPROVIDER_PRICES_URL: `${url}${OPENPROVIDER_SHEET_PATH}?format=csv&gid=1726709886` })));
await priceSource("Hover domain-pricing page", ANSWER_CAPS.hoverPage, fakeHover().app,
  (url) => hoverSource(loadConfig({ HOVER_PRICES_URL: `${url}/domain-pricing` })), "the fake carries the prices only; the live page adds its HTML");
await priceSource("Namecheap public TLD list", ANSWER_CAPS.namecheapPublicList, fakeNamecheapPublic().app,
  (url) => namecheapPublicSource(loadConfig({ NAMECHEAP_PRICES_URL: `${url}/domains/tlds.ashx` })));
await priceSource("Namecheap getPricing, one action", ANSWER_CAPS.namecheapPricing, fakeNamecheap().app,
  (url) => namecheapSource(loadConfig({
    NAMECHEAP_API_URL: `${url}/xml.response`, NAMECHEAP_API_USER: "u", NAMECHEAP_API_KEY: "k", NAMECHEAP_CLIENT_IP: FAKE_CLIENT_IP,
  })), "2 durations a TLD in the fake, 10 in the live API: about 5 times this");
await priceSource("Dynadot tld_price", ANSWER_CAPS.dynadotPrices, fakeDynadot().app,
  (url) => dynadotSource(loadConfig({ DYNADOT_API_KEY: "k", DYNADOT_API_URL: `${url}/api3.json` })));
await priceSource("NameSilo getPrices", ANSWER_CAPS.namesiloPrices, fakeNameSilo().app,
  (url) => nameSiloSource(loadConfig({ NAMESILO_API_KEY: "k", NAMESILO_API_URL: `${url}/api` })),
  "no NameSilo list is bundled: 7 illustrative TLDs, about 90 bytes each; the cap holds the whole root zone (1,594 TLDs) 50 times over");
await priceSource("Internet.bs Account/PriceList/Get", ANSWER_CAPS.internetbsPrices, fakeInternetBs().app,
  (url) => internetBsSource(loadConfig({ INTERNETBS_API_KEY: "k", INTERNETBS_PASSWORD: "p", INTERNETBS_API_URL: url })),
  "the documented example's 4 rows, about 60 bytes each; the whole list (about 2,000 rows) is about 120 KB");
await priceSource("Gandi TLD list or catalogue page", ANSWER_CAPS.gandiPrices, fakeGandi().app,
  (url) => gandiSource(loadConfig({ GANDI_PERSONAL_ACCESS_TOKEN: "t", GANDI_API_URL: url })),
  "the documented examples; a page of 50 TLDs, 150 products of about 1 KB, is about 150 KB");
await priceSource("DNSimple TLD page or one name's prices", ANSWER_CAPS.dnsimplePrices, fakeDnsimple().app,
  (url) => dnsimpleSource(loadConfig({ DNSIMPLE_API_TOKEN: "t", DNSIMPLE_ACCOUNT_ID: "1", DNSIMPLE_API_URL: url })),
  "a page of 100 TLDs in the recorded shape");
await priceSource("Name.com TLD price list page", ANSWER_CAPS.namecomPrices, fakeNameCom().app,
  (url) => nameComSource(loadConfig({ NAMECOM_USERNAME: "u", NAMECOM_API_TOKEN: "t", NAMECOM_API_URL: url })),
  "5 rows in the documented shape, about 200 bytes each; a page of 100 TLDs is about 30 KB");
await priceSource("ResellerClub product key mapping or customer prices", ANSWER_CAPS.resellerclubPrices, fakeResellerClub().app,
  (url) => resellerClubSource(loadConfig({ RESELLERCLUB_AUTH_USERID: "1", RESELLERCLUB_API_KEY: "k", RESELLERCLUB_API_URL: `${url}/api` })),
  "8 product keys in the documented shape; an account's whole customer price list (400 keys and more) is a few hundred KB");

const ecb = await measured(fakeEcb().app, (url) => fetchEcbDailyRates(loadConfig({ ECB_API_URL: `${url}/stats/eurofxref` })));
rows.push({ what: "ECB daily rates", bytes: Math.max(...ecb), cap: ANSWER_CAPS.ecbDaily });

const dates = { registration: "1997-09-15T04:00:00Z", expiration: "2028-09-14T04:00:00Z", lastChanged: "2019-09-09T15:39:04Z" };
rows.push({ what: "RDAP domain (Verisign .com)", bytes: Buffer.byteLength(JSON.stringify(verisignAnswer("google.com", dates))), cap: ANSWER_CAPS.rdapDomain });
rows.push({ what: "RDAP domain (Nominet .co.uk)", bytes: Buffer.byteLength(JSON.stringify(nominetAnswer("google.co.uk", dates))), cap: ANSWER_CAPS.rdapDomain });
const services = readFileSync(new URL("../db/seed/data/iana/rdap-dns-services.json", import.meta.url), "utf8");
rows.push({
  what: "IANA RDAP bootstrap (dns.json)", bytes: Buffer.byteLength(JSON.stringify({ version: "1.0", publication: "2026-11-01T00:00:00Z", description: "RDAP bootstrap file for Domain Name System registrations", services: JSON.parse(services) as unknown })),
  cap: ANSWER_CAPS.rdapBootstrap, note: "604 services as bundled",
});

for (const slug of REGISTRAR_SLUGS as readonly RegistrarSlug[]) {
  const account = fakeAccount(makeDomains(PORTFOLIO_DOMAINS));
  const sizes = await measured(FAKES[slug].create(account), async (url) => {
    const config = loadConfig({ [FAKES[slug].envKey]: url, NAMECHEAP_CLIENT_IP: FAKE_CLIENT_IP });
    const adapter = createRegistrarAdapter(slug, config, { apiKey: account.apiKey, secretKey: account.secretKey });
    const listed = await adapter.listDomains();
    if (listed.length !== PORTFOLIO_DOMAINS) throw new Error(`${slug} listed ${listed.length}`);
  });
  const largest = Math.max(...sizes);
  if (slug === "dynadot") {
    const cap = Math.max(ANSWER_CAPS.registrarPage, DYNADOT_BYTES_PER_DOMAIN * PORTFOLIO_DOMAINS);
    rows.push({ what: `Dynadot list_domain, ${PORTFOLIO_DOMAINS.toLocaleString("en-US")} domains in one answer`, bytes: largest, cap, note: `${Math.round(largest / PORTFOLIO_DOMAINS)} bytes a domain` });
  } else {
    rows.push({ what: `${slug} largest domain-list page (${sizes.length} calls)`, bytes: largest, cap: ANSWER_CAPS.registrarPage });
  }
}

const size = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(2)} MB` : `${(bytes / 1024).toFixed(1)} KB`);
console.log("| answer | largest measured | cap | cap ÷ measured | note |");
console.log("|---|---:|---:|---:|---|");
for (const r of rows) console.log(`| ${r.what} | ${size(r.bytes)} | ${size(r.cap)} | ${(r.cap / r.bytes).toFixed(1)} | ${r.note ?? ""} |`);
const tight = rows.filter((r) => r.cap < 4 * r.bytes);
if (tight.length) {
  console.log(`\nless than 4 times the measured size: ${tight.map((r) => r.what).join(", ")}`);
  process.exitCode = 1;
}
