import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { listQuotesForTlds } from "../../../../db/repositories/domain-price-repository.ts";
import { forEachDialect } from "../../../../db/testing/test-db.ts";
import { minorToDecimalString } from "../../../shared/price-format.ts";
import { AUTH_TEST_ENV, authed, registerUser } from "../../testing/auth.ts";
import { createTestApp } from "../../testing/test-app.ts";
import type { UserDomainItem } from "./item.ts";

type Problem = { message: string; issues?: { field: string; message: string }[] };

forEachDialect("portfolio domains under second-level suffixes", (getDb) => {
  const app = () => createTestApp(getDb(), { env: AUTH_TEST_ENV });
  let call: ReturnType<typeof authed>;
  beforeAll(async () => {
    call = authed(app(), (await registerUser(app())).cookie);
  });
  const add = (body: Record<string, unknown>) => call<UserDomainItem & Problem>("/api/user-domains", { method: "POST", body });

  it("keeps example.co.uk under co.uk and prices it from co.uk's quotes, not .uk's", async () => {
    const db = getDb();
    const { t } = db;
    const [coUk] = await db.orm.select({ id: t.tlds.id }).from(t.tlds).where(eq(t.tlds.name, "co.uk"));
    // The cheapest fresh USD renewal wins; a stale quote only when no fresh one exists.
    const quotes = (await listQuotesForTlds(db, [coUk!.id])).filter((q) => q.currency === "USD" && (q.renewalPrice ?? 0) > 0);
    const stale = (q: { lastCheckedAt: Date }) => Date.now() - q.lastCheckedAt.getTime() >= 90 * 86_400_000;
    const cheapest = [...quotes].sort((a, b) => Number(stale(a)) - Number(stale(b)) || a.renewalPrice! - b.renewalPrice!)[0]!;
    expect(quotes.length).toBeGreaterThanOrEqual(3);

    const res = await add({ domainName: "Example.CO.UK" });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ domainName: "example.co.uk", tldId: "co.uk" });
    expect(res.body.pricing.cheapestRenewal).toMatchObject({ price: minorToDecimalString(cheapest.renewalPrice!), currency: "USD" });

    expect((await add({ domainName: "shop.com.au" })).body).toMatchObject({ tldId: "com.au" });
    expect((await add({ domainName: "example.uk" })).body).toMatchObject({ tldId: "uk" });
    expect((await add({ domainName: "shop.example.uk" })).body).toMatchObject({ tldId: "uk" }); // example.uk is no suffix
    expect((await add({ domainName: "brand.uk.com", tldId: ".uk.com" })).body).toMatchObject({ tldId: "uk.com" });
  });

  it("refuses a bare suffix and a TLD that is not the domain's longest suffix, with the field named", async () => {
    const bare = await add({ domainName: "co.uk" });
    expect(bare.status).toBe(400);
    expect(bare.body.issues).toEqual([{ field: "domainName", message: '".co.uk" is a domain extension, not a domain: add a name before it (e.g., example.co.uk)' }]);
    const parent = await add({ domainName: "other.co.uk", tldId: "uk" });
    expect(parent.status).toBe(400);
    expect(parent.body.issues).toEqual([{ field: "tldId", message: 'TLD ".uk" does not match the domain\'s extension ".co.uk"' }]);
    const list = await call<{ data: UserDomainItem[] }>("/api/user-domains?page=1");
    expect(list.body.data.map((d) => d.domainName)).not.toContain("other.co.uk");
  });

  it("imports example.co.uk from a CSV file under co.uk", async () => {
    const csv = "domainName,tld,registrar\nimported.co.uk,,\nalso.com.au,com.au,\nco.uk,,\n";
    const res = await call<{ rows: { domainName: string; status: string; reason?: string }[] }>("/api/user-domains/import", {
      method: "POST", body: { csv },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.rows.map((r) => r.status)).toEqual(["added", "added", "rejected"]);
    expect(res.body.rows[2]!.reason).toContain("is a domain extension");
    const list = await call<{ data: UserDomainItem[] }>("/api/user-domains?page=1");
    const byName = new Map(list.body.data.map((d) => [d.domainName, d]));
    expect(byName.get("imported.co.uk")!.tldId).toBe("co.uk");
    expect(byName.get("also.com.au")!.tldId).toBe("com.au");
  });
});
