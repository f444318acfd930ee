import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, expect, it } from "vitest";
import { forEachDialect } from "../../../../db/testing/test-db.ts";
import { AUTH_TEST_ENV, authed, registerUser } from "../../testing/auth.ts";
import { createTestApp, getJson, TEST_ORIGIN } from "../../testing/test-app.ts";
import type { UserDomainItem } from "./item.ts";

type Call = ReturnType<typeof authed>;
interface ErrorBody { message: string; issues?: { field: string; message: string }[] }

forEachDialect("portfolio CRUD", (getDb) => {
  const app = () => createTestApp(getDb(), { env: AUTH_TEST_ENV });
  let alice: Call;
  let bob: Call;
  let porkbunId: number;
  // Each test starts with two empty portfolios of its own.
  beforeEach(async () => {
    alice = authed(app(), (await registerUser(app())).cookie);
    bob = authed(app(), (await registerUser(app())).cookie);
  });
  beforeAll(async () => {
    const db = getDb();
    const [row] = await db.orm.select({ id: db.t.serviceProviders.id }).from(db.t.serviceProviders).where(eq(db.t.serviceProviders.name, "Porkbun"));
    porkbunId = row!.id;
  });

  it("requires a session for every portfolio call", async () => {
    for (const [method, path] of [["GET", "/api/user-domains"], ["POST", "/api/user-domains"], ["PUT", "/api/user-domains/1"], ["DELETE", "/api/user-domains/1"], ["GET", "/api/user-domains/summary"]] as const) {
      const res = await app().request(`${TEST_ORIGIN}${path}`, { method, headers: { origin: TEST_ORIGIN } });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ message: "Unauthorized" });
    }
  });

  it("creates an entry, normalising the domain and deriving the TLD when tldId is empty", async () => {
    const { status, body } = await alice<UserDomainItem>("/api/user-domains", {
      method: "POST",
      body: { domainName: "  Example-One.COM ", tldId: "", serviceProviderId: porkbunId, registrationDate: "2023-04-01", expirationDate: "2026-04-01T00:00:00.000Z", notes: " main site " },
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({
      id: expect.any(Number), domainName: "example-one.com", tldId: "com", tld: { id: expect.any(Number), name: "com" },
      serviceProviderId: porkbunId, serviceProvider: { id: porkbunId, name: "Porkbun", domain: "porkbun.com" },
      registrationDate: "2023-04-01", expirationDate: "2026-04-01", autoRenew: false, notes: "main site",
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), updatedAt: expect.any(String),
    });
    expect(body.pricing).toHaveProperty("currentRenewal");
    const list = await alice<{ data: UserDomainItem[] }>("/api/user-domains?page=1");
    expect(list.body.data.map((d) => d.domainName)).toEqual(["example-one.com"]);
  });

  it("accepts '.com' or 'COM' as tldId and refuses unknown or mismatched TLDs", async () => {
    expect((await alice("/api/user-domains", { method: "POST", body: { domainName: "dotted.com", tldId: ".COM" } })).status).toBe(201);
    const mismatch = await alice<ErrorBody>("/api/user-domains", { method: "POST", body: { domainName: "wrong.com", tldId: "net" } });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.message).toBe(`TLD ".net" does not match the domain's extension ".com"`);
    expect(mismatch.body.issues).toEqual([{ field: "tldId", message: mismatch.body.message }]);
    const unknownTld = await alice<ErrorBody>("/api/user-domains", { method: "POST", body: { domainName: "x.com", tldId: "notatld" } });
    expect(unknownTld.body.message).toBe(`".notatld" is not a known top-level domain`);
    const unknownExt = await alice<ErrorBody>("/api/user-domains", { method: "POST", body: { domainName: "x.zzzz" } });
    expect(unknownExt).toMatchObject({ status: 400, body: { message: `".zzzz" is not a known top-level domain` } });
  });

  it("validates with the spec's domain messages, the date rule and field limits", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{}, "Domain is required"],
      [{ domainName: "   " }, "Domain cannot be empty"],
      [{ domainName: "nodot" }, "Domain must include at least a name and extension (e.g., example.com)"],
      [{ domainName: "-bad.com" }, "Domain cannot start or end with a hyphen"],
      [{ domainName: "a.123" }, "Domain extension cannot be all numbers"],
      [{ domainName: "ok.com", registrationDate: "2024-05-01", expirationDate: "2024-05-01" }, "Expiration date must be after the registration date"],
      [{ domainName: "ok.com", expirationDate: "2024-02-30" }, "Expiration date must be a date (YYYY-MM-DD)"],
      [{ domainName: "ok.com", notes: "x".repeat(2001) }, "Notes must be at most 2000 characters"],
      [{ domainName: "ok.com", serviceProviderId: 999999 }, "Service provider not found"],
      [{ domainName: "ok.com", autoRenew: "yes" }, "Auto-renew must be true or false"],
    ];
    for (const [body, message] of cases) {
      const res = await alice<ErrorBody>("/api/user-domains", { method: "POST", body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.issues?.[0]?.message ?? res.body.message).toBe(message);
    }
  });

  it("answers a duplicate with 409 naming the domain", async () => {
    await alice("/api/user-domains", { method: "POST", body: { domainName: "dupe.org" } });
    const again = await alice<ErrorBody>("/api/user-domains", { method: "POST", body: { domainName: "DUPE.org" } });
    expect(again).toMatchObject({ status: 409, body: { message: "dupe.org is already in your portfolio" } });
  });

  it("updates partially, re-checks dates against stored values and refuses renames onto another entry", async () => {
    expect((await alice("/api/user-domains", { method: "POST", body: { domainName: "dupe.org" } })).status).toBe(201);
    const created = (await alice<UserDomainItem>("/api/user-domains", { method: "POST", body: { domainName: "edit-me.net", registrationDate: "2020-01-01", notes: "keep" } })).body;
    const updated = await alice<UserDomainItem>(`/api/user-domains/${created.id}`, { method: "PUT", body: { autoRenew: true, expirationDate: "2027-01-01" } });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ autoRenew: true, expirationDate: "2027-01-01", registrationDate: "2020-01-01", notes: "keep", tldId: "net" });
    const badDates = await alice<ErrorBody>(`/api/user-domains/${created.id}`, { method: "PUT", body: { expirationDate: "2019-12-31" } });
    expect(badDates).toMatchObject({ status: 400, body: { message: "Expiration date must be after the registration date" } });
    const renamed = await alice<UserDomainItem>(`/api/user-domains/${created.id}`, { method: "PUT", body: { domainName: "edited.org", notes: "" } });
    expect(renamed.body).toMatchObject({ domainName: "edited.org", tldId: "org", notes: null });
    const onto = await alice<ErrorBody>(`/api/user-domains/${created.id}`, { method: "PUT", body: { domainName: "dupe.org" } });
    expect(onto).toMatchObject({ status: 409, body: { message: "dupe.org is already in your portfolio" } });
  });

  it("never shows or touches another user's entries: their ids answer 404", async () => {
    const secret = (await alice<UserDomainItem>("/api/user-domains", { method: "POST", body: { domainName: "alice-only.io", notes: "private" } })).body;
    expect((await bob<{ data: UserDomainItem[] }>("/api/user-domains?page=1")).body.data).toEqual([]);
    for (const method of ["GET", "PUT", "DELETE"]) {
      const res = await bob<ErrorBody>(`/api/user-domains/${secret.id}`, { method, body: method === "PUT" ? { notes: "mine now" } : undefined });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: "Domain not found" });
      expect(JSON.stringify(res.body)).not.toContain("private");
    }
    expect((await alice<UserDomainItem>(`/api/user-domains/${secret.id}`)).body.notes).toBe("private");
    // Bob may hold the same domain in his own portfolio.
    expect((await bob("/api/user-domains", { method: "POST", body: { domainName: "alice-only.io" } })).status).toBe(201);
  });

  it("deletes an entry; a second delete, a bad id or a huge id is 404", async () => {
    const created = (await alice<UserDomainItem>("/api/user-domains", { method: "POST", body: { domainName: "gone.dev" } })).body;
    expect(await alice(`/api/user-domains/${created.id}`, { method: "DELETE" })).toMatchObject({ status: 200, body: { id: created.id, removed: true } });
    expect((await alice(`/api/user-domains/${created.id}`, { method: "DELETE" })).status).toBe(404);
    expect((await alice("/api/user-domains/abc", { method: "DELETE" })).status).toBe(404);
    expect((await alice("/api/user-domains/99999999999", { method: "DELETE" })).status).toBe(404);
  });

  it("refuses a cross-site POST (CSRF) and stores nothing", async () => {
    const before = (await alice<{ total: number }>("/api/user-domains?page=1")).body.total;
    const res = await alice<ErrorBody>("/api/user-domains", { method: "POST", body: { domainName: "csrf.com" }, headers: { origin: "https://evil.example" } });
    expect(res).toMatchObject({ status: 403, body: { message: "Cross-origin request refused" } });
    expect((await alice<{ total: number }>("/api/user-domains?page=1")).body.total).toBe(before);
  });

  it("offers the same operations over tRPC with the same rules", async () => {
    const created = await alice<{ result: { data: UserDomainItem } }>("/trpc/portfolio.create", { method: "POST", body: { domainName: "via-trpc.com", autoRenew: true } });
    expect(created.body.result.data).toMatchObject({ domainName: "via-trpc.com", autoRenew: true });
    const id = created.body.result.data.id;
    const updated = await alice<{ result: { data: UserDomainItem } }>("/trpc/portfolio.update", { method: "POST", body: { id, notes: "rpc" } });
    expect(updated.body.result.data.notes).toBe("rpc");
    const dup = await alice<{ error: { message: string; data: { code: string } } }>("/trpc/portfolio.create", { method: "POST", body: { domainName: "via-trpc.com" } });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toMatchObject({ message: "via-trpc.com is already in your portfolio", data: { code: "CONFLICT" } });
    const foreign = await bob<{ error: { data: { code: string } } }>("/trpc/portfolio.remove", { method: "POST", body: { id } });
    expect(foreign.body.error.data.code).toBe("NOT_FOUND");
    const signedOut = await getJson<{ error: { data: { code: string } } }>(app(), "/trpc/portfolio.list");
    expect(signedOut.body.error.data.code).toBe("UNAUTHORIZED");
  });
});
