import { beforeAll, expect, it } from "vitest";
import { listQuotesByProvider } from "../../../../db/repositories/domain-price-repository.ts";
import { findServiceProviderBySlug } from "../../../../db/repositories/service-provider-repository.ts";
import { forEachDialect } from "../../../../db/testing/test-db.ts";
import type { PriceQuote } from "../../../shared/price-quote.ts";
import { bundledSource } from "../../integrations/prices/bundled.ts";
import type { PriceQuote as ListedQuote } from "../../integrations/prices/types.ts";
import { createLogger } from "../../lib/logger.ts";
import { AUTH_TEST_ENV, authed, registerAdmin, registerUser } from "../../testing/auth.ts";
import { createTestApp, getJson } from "../../testing/test-app.ts";
import { testPriceSource } from "../../testing/test-price-source.ts";
import { runPriceFetch } from "./fetch-run.ts";

/** The price checks as a fetch run applies lists (decision 059): the bundled list is the other source of a live one. */
forEachDialect("price checks on apply", (getDb) => {
  const app = () => createTestApp(getDb(), { env: { ...AUTH_TEST_ENV, PRICE_CACHE_SECONDS: "0" } });
  let admin: ReturnType<typeof authed>;
  let plain: ReturnType<typeof authed>;
  beforeAll(async () => {
    admin = authed(app(), (await registerAdmin(app(), getDb(), { email: "apply-checks-admin@example.com" })).cookie);
    plain = authed(app(), (await registerUser(app())).cookie);
  });

  const tldQuotes = async (tld: string) => (await getJson<PriceQuote[]>(app(), `/api/domain-prices/tld/${tld}`)).body;
  const providerId = async (slug: string) => (await findServiceProviderBySlug(getDb(), slug))!.id;
  const adminList = async () => (await admin("/api/admin/price-checks?limit=100")).body as { sharePercent: number };

  /** A live fetch of `slug` answering its stored list with `edit` applied; its bundled list is the other source. */
  const liveFetch = async (slug: string, edit: (q: ListedQuote) => ListedQuote) => {
    const list = (await listQuotesByProvider(getDb(), await providerId(slug))).map((q) => edit({
      tld: q.tld.name, registration: q.registrationPrice, renewal: q.renewalPrice, transfer: q.transferPrice,
      currency: q.currency, isPromo: q.isPromo, regularRegistration: q.regularRegistrationPrice, transferIsPromo: q.transferIsPromo,
    }));
    const source = testPriceSource(slug, async () => ({ observedAt: new Date(), quotes: list, skipped: [] }));
    const outcome = await runPriceFetch({
      db: getDb(), log: createLogger("silent"), sources: { live: new Map([[slug, source]]), bundled: (key) => bundledSource(key) },
      onPricesChanged: () => undefined, fetchTimeoutMs: 5000, staleDays: 90,
    }, { providerKey: slug, requestType: "provider", source: "auto" }, new AbortController().signal);
    expect(outcome?.status).toBe("success");
  };

  it("a confirmation holds while a fetch confirms the same prices, and a changed price is checked again", async () => {
    const id = (await tldQuotes("audio")).find((q) => q.renewalPrice === "13.00")!.id;
    expect((await admin(`/api/admin/price-checks/${id}/confirm`, { method: "POST" })).status).toBe(200);
    await liveFetch("route53", (q) => q);
    expect((await tldQuotes("audio")).find((q) => q.id === id)?.unusual).toBe(false);
    await liveFetch("route53", (q) => (q.tld === "audio" ? { ...q, renewal: 1200 } : q));
    expect((await tldQuotes("audio")).find((q) => q.renewalPrice === "12.00")).toMatchObject({
      unusual: true, unusualReason: "Renewal $12.00 is under a quarter of the lowest registration price of .audio, $103.50.",
    });
  });

  it("a live list differing from the registrar's bundled list by more than the set share is unusual, and the share is an administrator's setting", async () => {
    const porkbunId = await providerId("porkbun");
    const com = (await tldQuotes("com")).find((q) => q.serviceProvider.id === porkbunId)!;
    const registration = Math.round(Number(com.registrationPrice) * 100);
    await liveFetch("porkbun", (q) => (q.tld === "com" ? { ...q, registration: Math.round(registration * 1.5) } : q));
    const after = (await tldQuotes("com")).find((q) => q.serviceProvider.id === porkbunId)!;
    expect(after.unusual).toBe(true);
    expect(after.unusualReason).toMatch(/^Registration \$[\d.]+ is 50% above the \$[\d.]+ in Porkbun's bundled list of \d{4}-\d{2}-\d{2}\.$/);

    expect((await plain("/api/admin/price-checks/share", { method: "PUT", body: { percent: 60 } })).status).toBe(403);
    expect((await admin("/api/admin/price-checks/share", { method: "PUT", body: { percent: 0 } })).status).toBe(400);
    expect((await admin("/api/admin/price-checks/share", { method: "PUT", body: { percent: 60 } })).status).toBe(200);
    expect((await tldQuotes("com")).find((q) => q.serviceProvider.id === porkbunId)?.unusual).toBe(false);
    expect((await adminList()).sharePercent).toBe(60);
    await admin("/api/admin/price-checks/share", { method: "PUT", body: { percent: 25 } });
    expect((await tldQuotes("com")).find((q) => q.serviceProvider.id === porkbunId)?.unusual).toBe(true);
  });
});
