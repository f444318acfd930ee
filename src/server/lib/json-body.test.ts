import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { forEachDialect } from "../../../db/testing/test-db.ts";
import { AUTH_TEST_ENV, authed, nextIp, registerAdmin, registerUser } from "../testing/auth.ts";
import { createTestApp, TEST_ORIGIN } from "../testing/test-app.ts";
import { JSON_MAX_DEPTH, JSON_ONLY, JSON_TOO_DEEP, jsonNestsDeeperThan } from "./json-body.ts";

const nested = (depth: number) => "[".repeat(depth) + "]".repeat(depth);

describe("jsonNestsDeeperThan", () => {
  it("counts arrays and objects, up to the limit and one past it", () => {
    expect(jsonNestsDeeperThan(nested(JSON_MAX_DEPTH))).toBe(false);
    expect(jsonNestsDeeperThan(nested(JSON_MAX_DEPTH + 1))).toBe(true);
    expect(jsonNestsDeeperThan('{"a":{"b":[{"c":1}]}}', 4)).toBe(false);
    expect(jsonNestsDeeperThan('{"a":{"b":[{"c":1}]}}', 3)).toBe(true);
    // Depth is the nesting at one point, not the number of brackets in the text.
    expect(jsonNestsDeeperThan("[[1],[2],[3],[4]]", 2)).toBe(false);
  });

  it("ignores brackets inside strings, escaped quotes included", () => {
    expect(jsonNestsDeeperThan(JSON.stringify({ text: "[".repeat(1000) }), 1)).toBe(false);
    expect(jsonNestsDeeperThan(JSON.stringify({ text: `say \\"[[[[ "and" {{{{` }), 1)).toBe(false);
    expect(jsonNestsDeeperThan(`["\\\\", [[1]]]`, 2)).toBe(true); // an escaped backslash ends before the quote
  });

  it("stops at the limit on an unterminated body", () => {
    expect(jsonNestsDeeperThan("[".repeat(200_000))).toBe(true);
  });
});

forEachDialect("JSON bodies", (getDb) => {
  const app = () => createTestApp(getDb(), { env: AUTH_TEST_ENV });
  const post = (path: string, body: string, type = "application/json", method = "POST", cookie?: string) =>
    app().request(`${TEST_ORIGIN}${path}`, {
      method,
      headers: { "content-type": type, origin: TEST_ORIGIN, "x-forwarded-for": nextIp(), ...(cookie ? { cookie } : {}) },
      body,
    });
  const messageOf = async (res: Response) => ((await res.json()) as { message?: string }).message;
  const deep = "[".repeat(200_000);
  const CONTACT = { name: "Ada Lovelace", email: "ada@example.com", subject: "Deep thoughts", category: "feedback", message: "A message long enough." };

  describe("nesting depth", () => {
    it("refuses deep JSON on REST routes with 400 and says why, before the route parses it", async () => {
      const contact = await post("/api/contact", deep);
      expect(contact.status).toBe(400);
      expect(await messageOf(contact)).toBe(JSON_TOO_DEEP);
      // A route that reads its JSON itself (sign-in takes forms or JSON) is covered too.
      const signIn = await post("/api/login", `{"email":${nested(40)}}`);
      expect(signIn.status).toBe(400);
      expect(await messageOf(signIn)).toBe(JSON_TOO_DEEP);
    });

    it("still reads JSON nested up to the limit, and stores nothing from a refused body", async () => {
      const { orm: db, t } = getDb();
      const before = (await db.select({ n: count() }).from(t.contactMessages))[0]!.n;
      // Read, so its schema sees the field it does not have.
      const wrapped = JSON.stringify({ ...CONTACT, extra: JSON.parse(nested(JSON_MAX_DEPTH - 1)) });
      const read = await post("/api/contact", wrapped);
      expect(read.status).toBe(400);
      expect(await messageOf(read)).toBe('Unknown field "extra"');
      const tooDeep = JSON.stringify({ ...CONTACT, extra: JSON.parse(nested(JSON_MAX_DEPTH)) });
      const refused = await post("/api/contact", tooDeep);
      expect(refused.status).toBe(400);
      expect(await messageOf(refused)).toBe(JSON_TOO_DEEP);
      expect((await db.select({ n: count() }).from(t.contactMessages))[0]!.n).toBe(before);
    });

    it("refuses deep tRPC POST bodies and GET inputs with 400", async () => {
      const mutation = await post("/trpc/contact.send", deep);
      expect(mutation.status).toBe(400);
      expect(await messageOf(mutation)).toBe(JSON_TOO_DEEP);
      const query = await app().request(`${TEST_ORIGIN}/trpc/catalogue.tld?input=${encodeURIComponent(`{"tldId":${nested(40)}}`)}`);
      expect(query.status).toBe(400);
      expect(await messageOf(query)).toBe(JSON_TOO_DEEP);
      // Shallow inputs go through as before.
      const ok = await app().request(`${TEST_ORIGIN}/trpc/catalogue.tld?input=${encodeURIComponent(JSON.stringify({ tldId: "com" }))}`);
      expect(ok.status).toBe(200);
    });
  });

  describe("JSON routes refuse other content types with 415 and store nothing", () => {
    it("registrar accounts", async () => {
      const user = await registerUser(app());
      const { orm: db, t } = getDb();
      const [porkbun] = await db.select({ id: t.serviceProviders.id }).from(t.serviceProviders).where(eq(t.serviceProviders.slug, "porkbun"));
      const body = JSON.stringify({ serviceProviderId: porkbun!.id, label: "Mine", credentials: { apiKey: "pk1_abcdef", secretKey: "sk1_abcdef" } });
      const res = await post("/api/registrar-accounts", body, "text/plain", "POST", user.cookie);
      expect(res.status).toBe(415);
      expect(await messageOf(res)).toBe(JSON_ONLY);
      expect((await authed(app(), user.cookie)<unknown[]>("/api/registrar-accounts")).body).toEqual([]);
      expect((await post("/api/registrar-accounts", body, "application/json", "POST", user.cookie)).status).toBe(201);
    });

    it("contact", async () => {
      const { orm: db, t } = getDb();
      const before = (await db.select({ n: count() }).from(t.contactMessages))[0]!.n;
      const res = await post("/api/contact", JSON.stringify(CONTACT), "text/plain;charset=UTF-8");
      expect(res.status).toBe(415);
      expect(await messageOf(res)).toBe(JSON_ONLY);
      expect((await db.select({ n: count() }).from(t.contactMessages))[0]!.n).toBe(before);
    });

    it("price-engine writes (alert rules)", async () => {
      const admin = await registerAdmin(app(), getDb());
      const { orm: db, t } = getDb();
      const rules = async () => (await db.select({ n: count() }).from(t.alertRules))[0]!.n;
      const before = await rules();
      const rule = { name: "Plain text rule", condition: "consecutive_failures", threshold: 3, severity: "high" };
      const created = await post("/api/admin/alert-rules", JSON.stringify(rule), "text/plain", "POST", admin.cookie);
      expect(created.status).toBe(415);
      expect(await messageOf(created)).toBe(JSON_ONLY);
      expect(await rules()).toBe(before);
      const made = await post("/api/admin/alert-rules", JSON.stringify(rule), "application/json", "POST", admin.cookie);
      expect(made.status).toBe(201);
      const { id } = (await made.json()) as { id: number };
      const edited = await post(`/api/admin/alert-rules/${id}`, JSON.stringify({ ...rule, name: "Edited" }), "text/plain", "PUT", admin.cookie);
      expect(edited.status).toBe(415);
      const [stored] = await db.select({ name: t.alertRules.name }).from(t.alertRules).where(eq(t.alertRules.id, id));
      expect(stored!.name).toBe("Plain text rule");
    });

    it("provider edit", async () => {
      const admin = await registerAdmin(app(), getDb());
      const { orm: db, t } = getDb();
      const [before] = await db.select().from(t.serviceProviders).where(eq(t.serviceProviders.slug, "porkbun"));
      const edit = { name: "Renamed", domain: before!.domain, website: before!.website, logoUrl: null, isActive: false };
      const res = await post(`/api/admin/service-providers/${before!.id}`, JSON.stringify(edit), "text/plain", "PUT", admin.cookie);
      expect(res.status).toBe(415);
      expect(await messageOf(res)).toBe(JSON_ONLY);
      const [after] = await db.select().from(t.serviceProviders).where(eq(t.serviceProviders.id, before!.id));
      expect(after).toEqual(before);
    });
  });
});
