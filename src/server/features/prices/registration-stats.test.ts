import { describe, expect, it } from "vitest";
import { forEachDialect } from "../../../../db/testing/test-db.ts";
import { summariseRegistration } from "../../../shared/registration-summary.ts";
import { createTestApp } from "../../testing/test-app.ts";
import { registrationStatsOf, type RegistrationStats } from "./registration-stats.ts";

const q = (registrationPrice: string | null, isStale = false, currency = "USD") => ({ registrationPrice, currency, isStale });

describe("a TLD's registration figures", () => {
  it.each([
    ["every quote fresh: all counted", [q("9.59"), q("12.00")], { lowest: "9.59", highest: "12.00", average: "10.80" }, "all", 2],
    ["a stale quote beside fresh ones: left out", [q("9.59", true), q("12.00"), q("14.99")], { lowest: "12.00", highest: "14.99", average: "13.50" }, "fresh-only", 3],
    ["a fresh quote without a price counts as not fresh", [q("9.59", true), q(null)], { lowest: "9.59", highest: "9.59", average: "9.59" }, "stale", 2],
    ["every quote stale: the stale ones counted", [q("9.59", true), q("12.00", true)], { lowest: "9.59", highest: "12.00", average: "10.80" }, "stale", 2],
  ])("%s", (_name, quotes, figures, basis, providers) => {
    const stats = registrationStatsOf(quotes);
    expect(stats.summary).toMatchObject({ kind: "single", currency: "USD", ...figures });
    expect(stats.basis).toBe(basis);
    expect(stats.providers).toBe(providers);
  });

  it("has no figures and counts no provider for a TLD nobody quotes", () => {
    expect(registrationStatsOf([])).toEqual({ summary: { kind: "none" }, basis: "all", providers: 0 });
  });

  it("lists the currencies instead of comparing them", () => {
    expect(registrationStatsOf([q("9.59"), q("14.90", false, "EUR")]).summary).toEqual({ kind: "mixed", currencies: ["EUR", "USD"] });
  });
});

forEachDialect("prices.statsByTld", (getDb) => {
  const app = () => createTestApp(getDb());
  const get = async (input: object) => {
    const res = await app().request(`/trpc/prices.statsByTld?input=${encodeURIComponent(JSON.stringify(input))}`);
    return { status: res.status, body: (await res.json()) as { result?: { data: RegistrationStats }; error?: { message: string } } };
  };

  it("answers the figures of the TLD's own quotes, in the display currency asked for", async () => {
    const quotes = (await (await app().request("/api/domain-prices/tld/com")).json()) as Array<{ registrationPrice: string | null; currency: string; isStale: boolean }>;
    const { status, body } = await get({ tldId: "com" });
    expect(status).toBe(200);
    expect(body.result!.data.providers).toBe(quotes.length);
    const fresh = quotes.filter((x) => !x.isStale && x.registrationPrice);
    expect(body.result!.data.summary).toEqual(summariseRegistration(fresh.length > 0 ? fresh : quotes));
    const inEur = (await get({ tldId: "com", currency: "EUR" })).body.result!.data;
    expect(inEur.summary).toMatchObject({ kind: "single", currency: "EUR" });
  });

  it("is a 404 naming an unknown TLD", async () => {
    const { status, body } = await get({ tldId: "notatld" });
    expect(status).toBe(404);
    expect(body.error!.message).toContain("notatld");
  });
});
