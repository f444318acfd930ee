import { beforeEach, expect, it } from "vitest";
import { forEachDialect } from "../../../../db/testing/test-db.ts";
import { AUTH_TEST_ENV, authed, registerUser } from "../../testing/auth.ts";
import { createTestApp } from "../../testing/test-app.ts";
import type { UserDomainItem } from "./item.ts";

type Call = ReturnType<typeof authed>;
interface Stored { total: number; data: Pick<UserDomainItem, "domainName" | "notes">[] }
const stored = async (call: Call) => (await call<Stored>("/api/user-domains?limit=100")).body;
const csvOf = (rows: string[]) => ["domainName,notes", ...rows].join("\n");

forEachDialect("the per-account domain limit (PORTFOLIO_MAX_DOMAINS=5)", (getDb) => {
  const app = () => createTestApp(getDb(), { env: { ...AUTH_TEST_ENV, PORTFOLIO_MAX_DOMAINS: "5" } });
  let alice: Call;
  // Each test starts with an empty portfolio of its own.
  beforeEach(async () => {
    alice = authed(app(), (await registerUser(app())).cookie);
  });
  const imported = async (rows: string[]) =>
    expect((await alice("/api/user-domains/import", { method: "POST", body: { csv: csvOf(rows) } })).status).toBe(200);

  it("refuses an import that would pass the limit as a whole, saying how many fit, and stores nothing", async () => {
    await imported(["one.com,first", "two.com,first"]);
    const before = await stored(alice);
    // two.com is already held (an update), four are new: 2 + 4 > 5.
    const csv = csvOf(["two.com,changed", "three.com,x", "four.com,x", "five.com,x", "six.com,x"]);
    const refused = await alice<{ message: string }>("/api/user-domains/import", { method: "POST", body: { csv } });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      "This import would add 4 domains to the 2 in your portfolio, past the limit of 5 domains per account; 3 domains more fit. Nothing was imported",
    );
    expect(await stored(alice)).toEqual(before);
    const trpc = await alice<{ error: { message: string; data: { httpStatus: number } } }>("/trpc/portfolio.importCsv", { method: "POST", body: { csv } });
    expect(trpc.body.error).toMatchObject({ message: refused.body.message, data: { httpStatus: 409 } });
    expect(await stored(alice)).toEqual(before);
  });

  it("takes an import that fits exactly, then refuses adding one more on both doors", async () => {
    await imported(["one.com,first", "two.com,first"]);
    const csv = csvOf(["two.com,changed", "three.com,x", "four.com,x", "five.com,x"]);
    const fits = await alice<{ totals: { added: number; updated: number } }>("/api/user-domains/import", { method: "POST", body: { csv } });
    expect(fits).toMatchObject({ status: 200, body: { totals: { added: 3, updated: 1 } } });
    const before = await stored(alice);
    expect(before.total).toBe(5);
    const rest = await alice<{ message: string }>("/api/user-domains", { method: "POST", body: { domainName: "six.com" } });
    expect(rest.status).toBe(409);
    expect(rest.body.message).toBe("Your portfolio holds 5 domains, the limit per account (5); remove a domain before adding another");
    const trpc = await alice<{ error: { message: string; data: { httpStatus: number } } }>("/trpc/portfolio.create", { method: "POST", body: { domainName: "six.com" } });
    expect(trpc.body.error).toMatchObject({ message: rest.body.message, data: { httpStatus: 409 } });
    expect(await stored(alice)).toEqual(before);
  });

  it("still updates held domains by import at the limit, and takes a new one once there is room", async () => {
    await imported(["one.com,first", "two.com,first", "three.com,x", "four.com,x", "five.com,x"]);
    const updated = await alice<{ totals: { updated: number } }>("/api/user-domains/import", { method: "POST", body: { csv: csvOf(["one.com,again"]) } });
    expect(updated).toMatchObject({ status: 200, body: { totals: { updated: 1 } } });
    const full = await alice<{ message: string }>("/api/user-domains/import", { method: "POST", body: { csv: csvOf(["seven.com,x"]) } });
    expect(full.body.message).toContain("no more fit");
    const [one] = (await alice<{ data: { id: number; notes: string | null }[] }>("/api/user-domains?page=1&search=one.com")).body.data;
    expect(one!.notes).toBe("again");
    expect((await alice(`/api/user-domains/${one!.id}`, { method: "DELETE" })).status).toBe(200);
    expect((await alice("/api/user-domains", { method: "POST", body: { domainName: "six.com" } })).status).toBe(201);
  });
});
