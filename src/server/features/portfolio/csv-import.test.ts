import { beforeEach, expect, it } from "vitest";
import type { Db } from "../../../../db/client.ts";
import { forEachDialect } from "../../../../db/testing/test-db.ts";
import { AUTH_TEST_ENV, authed, registerUser } from "../../testing/auth.ts";
import { createTestApp } from "../../testing/test-app.ts";
import type { ImportReport } from "./csv-transfer.ts";
import type { UserDomainItem } from "./item.ts";

const comparable = (items: UserDomainItem[]) =>
  items.map((i) => ({ d: i.domainName, t: i.tldId, p: i.serviceProvider?.name ?? null, r: i.registrationDate, e: i.expirationDate, a: i.autoRenewState, n: i.notes }));

/** A handle whose import transaction fails on the second chunk write, as an unexpected error would. */
function failingOnSecondInsert(db: Db): Db {
  return {
    ...db,
    transaction: (fn) => db.transaction((tx) => {
      let inserts = 0;
      const proxy = new Proxy(tx, {
        get: (target, key, receiver) => key === "insert"
          ? (...args: unknown[]) => {
            if (++inserts === 2) throw new Error("disk on fire");
            return (target.insert as (...a: unknown[]) => unknown)(...args);
          }
          : Reflect.get(target, key, receiver),
      });
      return fn(proxy);
    }),
  };
}

forEachDialect("portfolio CSV export and import", (getDb) => {
  const app = () => createTestApp(getDb(), { env: AUTH_TEST_ENV });
  let alice: ReturnType<typeof authed>;
  let bob: ReturnType<typeof authed>;
  // Each test starts with two empty portfolios of its own.
  beforeEach(async () => {
    alice = authed(app(), (await registerUser(app())).cookie);
    bob = authed(app(), (await registerUser(app())).cookie);
  });
  const add = async (call: ReturnType<typeof authed>, ...domainNames: string[]) => {
    for (const domainName of domainNames) expect((await call("/api/user-domains", { method: "POST", body: { domainName } })).status).toBe(201);
  };

  it("exports RFC 4180 CSV that imports into another account as the same rows", async () => {
    const porkbun = (await alice<{ id: number; name: string }[]>("/api/service-providers")).body.find((p) => p.name === "Porkbun")!;
    for (const body of [
      { domainName: "alpha.com", serviceProviderId: porkbun.id, registrationDate: "2020-02-02", expirationDate: "2027-02-02", autoRenew: true, notes: 'Has "quotes", commas\nand a second line' },
      { domainName: "beta.org", notes: "=cmd|' /C calc'!A0" },
      { domainName: "gamma.io", expirationDate: "2026-12-31", autoRenew: false },
    ]) expect((await alice("/api/user-domains", { method: "POST", body })).status).toBe(201);

    const exported = await alice("/api/user-domains/export.csv");
    expect(exported.status).toBe(200);
    expect(exported.res.headers.get("content-type")).toContain("text/csv");
    expect(exported.res.headers.get("content-disposition")).toMatch(/^attachment; filename="domain-portfolio-\d{4}-\d\d-\d\d\.csv"$/);
    expect(exported.text.split("\r\n")[0]).toMatch(/^domainName,tld,registrar,registrationDate,expirationDate,autoRenew,notes,unicodeName,/);
    expect(exported.text).toContain(`alpha.com,com,Porkbun,2020-02-02,2027-02-02,true,"Has ""quotes"", commas\nand a second line",`);
    // Added by name alone: nobody said whether it renews automatically.
    expect(exported.text).toContain(`beta.org,org,,,,unknown,'=cmd|' /C calc'!A0,`);
    expect(exported.text).toContain(`gamma.io,io,,,2026-12-31,false,,`);

    const imported = await bob<ImportReport>("/api/user-domains/import", { method: "POST", body: exported.text, headers: { "content-type": "text/csv" } });
    expect(imported.status).toBe(200);
    expect(imported.body.totals).toEqual({ rows: 3, added: 3, updated: 0, rejected: 0 });
    const mine = comparable((await alice<{ data: UserDomainItem[] }>("/api/user-domains?limit=100")).body.data);
    const theirs = comparable((await bob<{ data: UserDomainItem[] }>("/api/user-domains?limit=100")).body.data);
    expect(theirs).toEqual(mine);
  });

  it("reports every row: added, updated (same name) and rejected with reasons, without blocking good rows", async () => {
    await add(bob, "alpha.com");
    const csv = [
      "domainName,tld,registrar,registrationDate,expirationDate,autoRenew,notes",
      "alpha.com,com,porkbun.com,2020-02-02,2028-02-02,no,now updated",
      "new-one.net,.net,DYNADOT,,,yes,",
      "bad..com,,,,,,",
      "mismatch.com,net,,,,,",
      "ghost.com,,Nonexistent Registrar,,,,",
      "dates.com,,,2024-01-01,2023-01-01,,",
      "flag.com,,,,,maybe,",
      "NEW-ONE.net,,,,,,",
    ].join("\r\n");
    const { status, body } = await bob<ImportReport>("/api/user-domains/import", { method: "POST", body: { csv } });
    expect(status).toBe(200);
    expect(body.rows).toEqual([
      { row: 2, domainName: "alpha.com", status: "updated" },
      { row: 3, domainName: "new-one.net", status: "added" },
      { row: 4, domainName: "bad..com", status: "rejected", reason: "Domain cannot contain consecutive dots" },
      { row: 5, domainName: "mismatch.com", status: "rejected", reason: `TLD ".net" does not match the domain's extension ".com"` },
      { row: 6, domainName: "ghost.com", status: "rejected", reason: `Unknown registrar "Nonexistent Registrar"` },
      { row: 7, domainName: "dates.com", status: "rejected", reason: "Expiration date must be after the registration date" },
      { row: 8, domainName: "flag.com", status: "rejected", reason: "autoRenew must be true, false or unknown (or left empty)" },
      { row: 9, domainName: "new-one.net", status: "rejected", reason: "Duplicate of row 3" },
    ]);
    expect(body.totals).toEqual({ rows: 8, added: 1, updated: 1, rejected: 6 });
    const items = (await bob<{ data: UserDomainItem[] }>("/api/user-domains?limit=100")).body.data;
    expect(items.find((i) => i.domainName === "alpha.com")).toMatchObject({ expirationDate: "2028-02-02", autoRenew: false, notes: "now updated", serviceProvider: { name: "Porkbun" } });
    expect(items.find((i) => i.domainName === "new-one.net")).toMatchObject({ autoRenew: true, serviceProvider: { name: "Dynadot" } });
  });

  it("reports every problem of a row at once, and skips empty lines, a spreadsheet's line of commas included", async () => {
    const csv = [
      "domainName,tld,registrar,registrationDate,expirationDate,autoRenew,notes",
      "many-problems.com,,Nonexistent Registrar,2024-13-01,someday,maybe,",
      "fine-one.com,,,,,unknown,",
      "",
      ",,,,,,",
      "   ,  ,,,,,",
      "",
    ].join("\r\n");
    const { status, body } = await bob<ImportReport>("/api/user-domains/import", { method: "POST", body: { csv } });
    expect(status).toBe(200);
    expect(body.totals).toEqual({ rows: 2, added: 1, updated: 0, rejected: 1 });
    const [bad, good] = body.rows;
    expect(good).toEqual({ row: 3, domainName: "fine-one.com", status: "added" });
    expect(bad).toMatchObject({ row: 2, domainName: "many-problems.com", status: "rejected" });
    const reasons = bad!.reason!.split("; ");
    expect(reasons[0]).toBe('Unknown registrar "Nonexistent Registrar"');
    expect(reasons[1]).toBe("autoRenew must be true, false or unknown (or left empty)");
    // Both dates are named, each once.
    expect(reasons.slice(2)).toHaveLength(2);
    expect(reasons.slice(2).join(" ")).toMatch(/Registration date/);
    expect(reasons.slice(2).join(" ")).toMatch(/Expiration date/);
  });

  it("writes nothing when an unexpected error interrupts the import", async () => {
    await add(bob, "alpha.com", "beta.org");
    const before = (await bob<{ data: UserDomainItem[] }>("/api/user-domains?limit=100")).body.data;
    const header = "domainName,notes";
    const rows = Array.from({ length: 450 }, (_, i) => `bulk${i}.com,row ${i}`); // two chunks: the second insert fails
    const broken = createTestApp(failingOnSecondInsert(getDb()), { env: AUTH_TEST_ENV });
    const cookie = (await registerUser(app())).cookie;
    const res = await authed(broken, cookie)("/api/user-domains/import", { method: "POST", body: { csv: [header, "alpha.com,changed", ...rows].join("\n") } });
    expect(res.status).toBe(500);
    expect((await authed(app(), cookie)<{ data: UserDomainItem[] }>("/api/user-domains?limit=100")).body.data).toEqual([]);
    expect((await bob<{ data: UserDomainItem[] }>("/api/user-domains?limit=100")).body.data).toEqual(before);
  });

  it("refuses a CSV without a domainName header, over 10,000 rows (the portfolio limit) or over 2 MB", async () => {
    const noHeader = await bob<{ message: string }>("/api/user-domains/import", { method: "POST", body: { csv: "a.com,b\n" } });
    expect(noHeader.status).toBe(400);
    expect(noHeader.body.message).toContain("domainName is required");
    const many = ["domainName", ...Array.from({ length: 10_001 }, (_, i) => `x${i}.com`)].join("\n");
    const tooMany = await bob<{ message: string }>("/api/user-domains/import", { method: "POST", body: many, headers: { "content-type": "text/csv" } });
    expect(tooMany).toMatchObject({ status: 400, body: { message: "Too many rows: 10001 (max 10000)" } });
    const huge = `domainName,notes\na.com,${"x".repeat(2 * 1024 * 1024)}\n`;
    const tooBig = await bob<{ message: string }>("/api/user-domains/import", { method: "POST", body: huge, headers: { "content-type": "text/csv" } });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.message).toMatch(/max 2 MB/);
  });

  it("takes more than the 5,000 rows it once refused in one import, each without an autoRenew column as unknown", async () => {
    const rows = ["domainName", ...Array.from({ length: 5001 }, (_, i) => `many${i}.com`)].join("\n");
    const imported = await bob<ImportReport>("/api/user-domains/import", { method: "POST", body: rows, headers: { "content-type": "text/csv" } });
    expect(imported.status).toBe(200);
    expect(imported.body.totals).toEqual({ rows: 5001, added: 5001, updated: 0, rejected: 0 });
    const first = (await bob<{ data: UserDomainItem[]; total: number }>("/api/user-domains?limit=1")).body;
    expect(first.total).toBe(5001);
    expect(first.data[0]).toMatchObject({ autoRenew: false, autoRenewState: "unknown" });
  });

  it("offers export and import over tRPC too", async () => {
    await add(bob, "alpha.com", "beta.org", "gamma.io");
    const exported = await bob<{ result: { data: { filename: string; csv: string } } }>("/trpc/portfolio.exportCsv");
    expect(exported.body.result.data.csv.startsWith("domainName,tld,registrar")).toBe(true);
    const carol = authed(app(), (await registerUser(app())).cookie);
    const imported = await carol<{ result: { data: ImportReport } }>("/trpc/portfolio.importCsv", { method: "POST", body: { csv: exported.body.result.data.csv } });
    expect(imported.body.result.data.totals.rejected).toBe(0);
    expect(imported.body.result.data.totals.added).toBe(3);
  });
});
