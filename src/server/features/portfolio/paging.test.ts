import { beforeAll, expect, it } from "vitest";
import { forEachDialect } from "../../../../db/testing/test-db.ts";
import { AUTH_TEST_ENV, authed, registerUser } from "../../testing/auth.ts";
import { createTestApp } from "../../testing/test-app.ts";
import type { UserDomainItem } from "./item.ts";
import type { PortfolioPage } from "./service.ts";
import { EXPIRING_LIST_MAX, type PortfolioSummary } from "./summary.ts";

type Call = ReturnType<typeof authed>;
type Page = Omit<PortfolioPage, "data"> & { data: UserDomainItem[] };
const names = (page: Page) => page.data.map((d) => d.domainName);
const DAY_MS = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

/** 60 domains expiring within 30 days, 10 with no date, 5 next year: 75 in all. */
const SOON = Array.from({ length: 60 }, (_, i) => ({ name: `soon-${String(i).padStart(2, "0")}.com`, expires: inDays(2 + (i % 25)) }));
const UNDATED = Array.from({ length: 10 }, (_, i) => ({ name: `plain-${i}.net`, expires: "" }));
const LATER = Array.from({ length: 5 }, (_, i) => ({ name: `later-${i}.org`, expires: inDays(400 + i) }));
const ALL = [...SOON, ...UNDATED, ...LATER];

forEachDialect("portfolio paging", (getDb) => {
  const app = () => createTestApp(getDb(), { env: AUTH_TEST_ENV });
  let alice: Call;
  beforeAll(async () => {
    alice = authed(app(), (await registerUser(app())).cookie);
    const csv = ["domainName,expirationDate,autoRenew", ...ALL.map((d) => `${d.name},${d.expires},false`)].join("\n");
    expect((await alice("/api/user-domains/import", { method: "POST", body: { csv } })).status).toBe(200);
    // Someone else's domains never appear in Alice's pages or counts.
    const bob = authed(app(), (await registerUser(app())).cookie);
    expect((await bob("/api/user-domains", { method: "POST", body: { domainName: "soon-zz.com" } })).status).toBe(201);
  });

  it("answers one page at a time, by name, with the total and the page count", async () => {
    const sorted = ALL.map((d) => d.name).sort();
    const first = await alice<Page>("/api/user-domains?limit=20");
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 75, page: 1, limit: 20, offset: 0, totalPages: 4 });
    expect(names(first.body)).toEqual(sorted.slice(0, 20));
    const last = await alice<Page>("/api/user-domains?limit=20&page=4");
    expect(last.body).toMatchObject({ total: 75, page: 4, offset: 60, totalPages: 4 });
    expect(names(last.body)).toEqual(sorted.slice(60));
    const past = await alice<Page>("/api/user-domains?limit=20&page=9");
    expect(past.body).toMatchObject({ data: [], total: 75, page: 9 });
    const byOffset = await alice<Page>("/api/user-domains?limit=10&offset=35");
    expect(byOffset.body).toMatchObject({ page: 4, offset: 35 });
    expect(names(byOffset.body)).toEqual(sorted.slice(35, 45));
    const descending = await alice<Page>("/api/user-domains?limit=5&sortOrder=desc");
    expect(names(descending.body)).toEqual([...sorted].reverse().slice(0, 5));
  });

  it("sends 24 entries without a page size and refuses more than 100 a page on both doors", async () => {
    expect((await alice<Page>("/api/user-domains?page=1")).body).toMatchObject({ limit: 24, totalPages: 4 });
    expect((await alice<Page>("/api/user-domains?page=1")).body.data).toHaveLength(24);
    const rest = await alice<{ message: string }>("/api/user-domains?limit=101");
    expect(rest).toMatchObject({ status: 400, body: { message: "Invalid limit: limit must be at most 100" } });
    const input = encodeURIComponent(JSON.stringify({ limit: 5000 }));
    const trpc = await alice<{ error: { message: string; data: { httpStatus: number } } }>(`/trpc/portfolio.list?input=${input}`);
    expect(trpc.status).toBe(400);
    expect(trpc.body.error.message).toBe("Invalid limit: limit must be at most 100");
    expect((await alice<{ message: string }>("/api/user-domains?sortBy=price")).status).toBe(400);
  });

  it("orders by expiry on the server, undated entries last either way", async () => {
    const soonest = await alice<Page>("/api/user-domains?sortBy=expirationDate&limit=100");
    const dates = soonest.body.data.map((d) => d.expirationDate);
    expect(dates.slice(0, 65)).toEqual(dates.slice(0, 65).sort());
    expect(dates.slice(65)).toEqual(Array(10).fill(null));
    const latest = await alice<Page>("/api/user-domains?sortBy=expirationDate&sortOrder=desc&limit=5");
    expect(names(latest.body)).toEqual(["later-4.org", "later-3.org", "later-2.org", "later-1.org", "later-0.org"]);
    const lastPage = await alice<Page>("/api/user-domains?sortBy=expirationDate&sortOrder=desc&limit=10&page=8");
    expect(lastPage.body.data.every((d) => d.expirationDate === null)).toBe(true);
  });

  it("narrows by a part of the name, counting only what matches, with % and _ matching themselves", async () => {
    const plain = await alice<Page>("/api/user-domains?search=PLAIN-&limit=4");
    expect(plain.body).toMatchObject({ total: 10, totalPages: 3 });
    expect(names(plain.body)).toEqual(["plain-0.net", "plain-1.net", "plain-2.net", "plain-3.net"]);
    expect((await alice<Page>(`/api/user-domains?page=1&search=${encodeURIComponent("%")}`)).body.total).toBe(0);
    expect((await alice<Page>("/api/user-domains?page=1&search=_")).body.total).toBe(0);
  });

  it("answers the same page over tRPC", async () => {
    const input = encodeURIComponent(JSON.stringify({ page: 2, limit: 7, sortBy: "expirationDate", search: "soon" }));
    const trpc = await alice<{ result: { data: Page } }>(`/trpc/portfolio.list?input=${input}`);
    const rest = await alice<Page>("/api/user-domains?page=2&limit=7&sortBy=expirationDate&search=soon");
    expect(trpc.body.result.data).toEqual(rest.body);
    expect(rest.body).toMatchObject({ total: 60, page: 2, offset: 7 });
  });

  it("totals the whole portfolio in the summary, listing each expiry bucket's soonest entries and counting them all", async () => {
    const { body } = await alice<PortfolioSummary>("/api/user-domains/summary");
    expect(body.domainCount).toBe(75);
    expect(body.totalYearlyRenewal.domainsWithoutPrice).toBe(75);
    expect(body.expiringCounts).toEqual({ expired: 0, within30: 60, within60: 60, within90: 60 });
    expect(body.expiring.within30).toHaveLength(EXPIRING_LIST_MAX);
    const days = body.expiring.within30.map((e) => e.daysLeft);
    expect(days).toEqual([...days].sort((a, b) => a - b));
  });
});
