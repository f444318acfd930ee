/**
 * GET /api/user-domains without a paging parameter is the specification's "the user's domains":
 * every entry in one plain list (streamed a chunk at a time), the same entries a paged read
 * gives, in the asked order; with page, limit or offset it is one page in an envelope.
 */
import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { forEachDialect } from "../../../../db/testing/test-db.ts";
import { AUTH_TEST_ENV, authed, registerUser } from "../../testing/auth.ts";
import { createTestApp, TEST_ORIGIN } from "../../testing/test-app.ts";
import type { UserDomainItem } from "./item.ts";

type Call = ReturnType<typeof authed>;
/** More than two of the chunks the list is streamed in. */
const COUNT = 1203;
const DAY_MS = 86_400_000;

forEachDialect("the whole portfolio as a plain list", (getDb) => {
  const app = () => createTestApp(getDb(), { env: AUTH_TEST_ENV });
  let alice: Call;
  let bob: Call;
  beforeAll(async () => {
    const user = await registerUser(app());
    alice = authed(app(), user.cookie);
    bob = authed(app(), (await registerUser(app())).cookie);
    expect((await bob("/api/user-domains", { method: "POST", body: { domainName: "bobs-own.com" } })).status).toBe(201);
    const { orm: db, t } = getDb();
    const [owner] = await db.select({ id: t.users.id }).from(t.users).where(eq(t.users.email, user.email));
    const [com] = await db.select({ id: t.tlds.id }).from(t.tlds).where(eq(t.tlds.name, "com"));
    const rows = Array.from({ length: COUNT }, (_, i) => ({
      userId: owner!.id, tldId: com!.id, domainName: `whole-${String(i).padStart(4, "0")}.com`,
      expirationDate: new Date(Date.now() + ((i * 37) % 900) * DAY_MS).toISOString().slice(0, 10),
    }));
    for (let i = 0; i < rows.length; i += 200) await db.insert(t.userDomains).values(rows.slice(i, i + 200));
  });

  it("answers every entry in a plain list, the same entries the pages give, in the asked order", async () => {
    expect((await app().request(`${TEST_ORIGIN}/api/user-domains`)).status).toBe(401);
    const all = await alice<UserDomainItem[]>("/api/user-domains");
    expect(all.status).toBe(200);
    expect(all.res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(all.res.headers.get("cache-control")).toBe("private, no-store");
    expect(Array.isArray(all.body)).toBe(true);
    expect(all.body).toHaveLength(COUNT);
    const names = all.body.map((d) => d.domainName);
    expect(names).toEqual([...names].sort());
    expect(names).not.toContain("bobs-own.com");
    // Each entry is what a page carries for it.
    const page = await alice<{ data: UserDomainItem[]; total: number }>("/api/user-domains?limit=100&offset=500");
    expect(page.body.total).toBe(COUNT);
    expect(all.body.slice(500, 600)).toEqual(page.body.data);
  });

  it("takes the order and the search of the paged list; a paging parameter asks for the envelope", async () => {
    const byExpiry = await alice<UserDomainItem[]>("/api/user-domains?sortBy=expirationDate&sortOrder=desc");
    const dates = byExpiry.body.map((d) => d.expirationDate ?? "");
    expect(dates).toHaveLength(COUNT);
    expect(dates).toEqual([...dates].sort().reverse());
    const found = await alice<UserDomainItem[]>("/api/user-domains?search=WHOLE-01");
    expect(found.body.map((d) => d.domainName)).toEqual(Array.from({ length: 100 }, (_, i) => `whole-01${String(i).padStart(2, "0")}.com`));
    expect((await alice<UserDomainItem[]>("/api/user-domains?search=nothing-like-this")).body).toEqual([]);
    for (const paged of ["?page=2", "?limit=10", "?offset=3"]) {
      const envelope = await alice<{ data: UserDomainItem[]; total: number; totalPages: number }>(`/api/user-domains${paged}`);
      expect(envelope.body, paged).toMatchObject({ total: COUNT, data: expect.any(Array) });
    }
    expect((await alice<{ message: string }>("/api/user-domains?sortBy=price")).status).toBe(400);
    expect((await bob<UserDomainItem[]>("/api/user-domains")).body.map((d) => d.domainName)).toEqual(["bobs-own.com"]);
  });
});
