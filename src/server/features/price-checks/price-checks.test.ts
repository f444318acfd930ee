import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { findServiceProviderBySlug } from "../../../../db/repositories/service-provider-repository.ts";
import { forEachDialect } from "../../../../db/testing/test-db.ts";
import type { PricePage, PriceQuote } from "../../../shared/price-quote.ts";
import { AUTH_TEST_ENV, authed, registerAdmin, registerUser } from "../../testing/auth.ts";
import { createTestApp, getJson, TEST_ORIGIN } from "../../testing/test-app.ts";

interface AdminList {
  rows: { id: number; tld: { name: string }; serviceProvider: { name: string }; unusualReason: string | null; hidden: boolean }[];
  total: number;
  counts: { unusual: number; hidden: number };
  sharePercent: number;
}

const AUDIO_RENEWAL = "Renewal $13.00 is under a quarter of the lowest registration price of .audio, $103.50.";

forEachDialect("price checks", (getDb) => {
  const app = () => createTestApp(getDb(), { env: { ...AUTH_TEST_ENV, PRICE_CACHE_SECONDS: "0" } });
  let admin: ReturnType<typeof authed>;
  let plain: ReturnType<typeof authed>;
  beforeAll(async () => {
    admin = authed(app(), (await registerAdmin(app(), getDb(), { email: "checks-admin@example.com" })).cookie);
    plain = authed(app(), (await registerUser(app())).cookie);
  });

  const tldQuotes = async (tld: string) => (await getJson<PriceQuote[]>(app(), `/api/domain-prices/tld/${tld}`)).body;
  const listRow = async (tld: string) => (await getJson<PricePage>(app(), `/api/domain-prices?tld=${tld}`)).body.data[0]!;
  const providerId = async (slug: string) => (await findServiceProviderBySlug(getDb(), slug))!.id;
  const providerPrices = async (slug: string) =>
    (await getJson<(PriceQuote & { tld: { name: string } })[]>(app(), `/api/service-providers/${await providerId(slug)}/domain-prices`)).body;
  const adminList = async () => {
    const res = await admin("/api/admin/price-checks?limit=100");
    if (res.status !== 200) throw new Error(`${res.status} ${res.text}`);
    return res.body as AdminList;
  };
  const status = async () => (await getJson<{ priceChecks: { unusual: number; hidden: number } }>(app(), "/api/status")).body.priceChecks;

  it("marks the bundled lists' real cases unusual with why on the TLD page, the registrar page and the admin list, and crowns the cheapest usual price", async () => {
    const audio = await tldQuotes("audio");
    const route53 = audio.find((q) => q.renewalPrice === "13.00")!;
    expect(route53).toMatchObject({ renewalPrice: "13.00", unusual: true, unusualReason: AUDIO_RENEWAL });
    expect(audio.filter((q) => q.unusual)).toHaveLength(1);
    // The list's renewal is the cheapest usual one, not Route 53's $13.00.
    const row = await listRow("audio");
    expect(row.renewalPrice).not.toBe("13.00");
    expect(row.sources.renewal).toMatchObject({ unusual: false, unusualReason: null });
    expect(row.prices.find((p) => p.type === "renewal")?.renewalPrice).toBe(row.renewalPrice);

    const dynadot = (await providerPrices("dynadot")).find((q) => q.tld.name === "ac.mw");
    expect(dynadot).toMatchObject({ transferPrice: "0.30", unusual: true, unusualReason: "Transfer $0.30 is under a quarter of this registrar's registration price $59.96." });

    const listed = await adminList();
    expect(listed.rows.find((r) => r.tld.name === "audio")).toMatchObject({ unusualReason: AUDIO_RENEWAL, hidden: false });
    expect(listed.counts.unusual).toBe(listed.total);
    expect(listed.sharePercent).toBe(25);
    expect(await status()).toEqual({ unusual: listed.counts.unusual, hidden: 0 });
  });

  it("is for administrators only", async () => {
    const res = await app().request(`${TEST_ORIGIN}/api/admin/price-checks`);
    expect(res.status).toBe(401);
    expect((await plain("/api/admin/price-checks")).status).toBe(403);
    expect((await plain("/api/admin/price-checks/1/hide", { method: "POST" })).status).toBe(403);
    expect((await admin("/api/admin/price-checks/999999/confirm", { method: "POST" })).status).toBe(404);
    // The tRPC door answers the same list.
    const input = encodeURIComponent(JSON.stringify({ page: 1, limit: 100 }));
    expect((await plain(`/trpc/priceChecks.list?input=${input}`)).status).toBe(403);
    const trpc = await admin(`/trpc/priceChecks.list?input=${input}`);
    expect((trpc.body as { result: { data: AdminList } }).result.data.total).toBe((await adminList()).total);
  });

  it("a confirmed price loses its mark, heads the list when cheapest, and the confirmation is in the audit log", async () => {
    const id = (await tldQuotes("audio")).find((q) => q.renewalPrice === "13.00")!.id;
    const res = await admin(`/api/admin/price-checks/${id}/confirm`, { method: "POST" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, unusualReason: null, hidden: false });
    expect((await tldQuotes("audio")).find((q) => q.id === id)).toMatchObject({ unusual: false, unusualReason: null });
    expect((await listRow("audio")).renewalPrice).toBe("13.00");
    expect((await adminList()).rows.some((r) => r.id === id)).toBe(false);
    const audit = (await admin("/api/admin/users/audit-log")).body as { entries: { action: string; actorEmail: string; description: string; detail: Record<string, unknown> }[] };
    expect(audit.entries[0]).toMatchObject({
      action: "confirm_price", actorEmail: "checks-admin@example.com", description: "Confirmed an unusual price as real",
      detail: { tld: "audio", renewalPrice: 1300, reason: AUDIO_RENEWAL },
    });

  });

  it("a hidden price leaves every public answer and the row, is counted on the status page, and is audited", async () => {
    const dynadotId = await providerId("dynadot");
    const quote = (await tldQuotes("ac.mw")).find((q) => q.serviceProvider.id === dynadotId)!;
    const before = await status();
    const res = await admin(`/api/admin/price-checks/${quote.id}/hide`, { method: "POST" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: quote.id, hidden: true });
    expect((await tldQuotes("ac.mw")).some((q) => q.id === quote.id)).toBe(false);
    expect((await providerPrices("dynadot")).some((q) => q.tld.name === "ac.mw")).toBe(false);
    const row = (await getJson<PricePage>(app(), "/api/domain-prices?tld=ac.mw")).body.data[0];
    expect(row?.transferPrice ?? null).not.toBe("0.30");
    expect(await status()).toEqual({ unusual: before.unusual - 1, hidden: 1 });
    expect((await adminList()).rows.find((r) => r.id === quote.id)).toMatchObject({ hidden: true });
    const { orm: db, t } = getDb();
    const [entry] = await db.select().from(t.adminAuditLog).where(eq(t.adminAuditLog.action, "hide_price"));
    expect(entry).toMatchObject({ actorEmail: "checks-admin@example.com", detail: expect.objectContaining({ tld: "ac.mw", transferPrice: 30 }) });
    // Confirming it shows it again, usual.
    await admin(`/api/admin/price-checks/${quote.id}/confirm`, { method: "POST" });
    expect((await tldQuotes("ac.mw")).find((q) => q.id === quote.id)).toMatchObject({ unusual: false });
  });
});
