/**
 * A client generated from the OpenAPI document (openapi-typescript's types, openapi-fetch's
 * client) works against the app as the document says: with a write key it lists, adds and
 * removes a portfolio domain and reaches the forecast and the watches as the key's owner; a read
 * key lists and is refused every change with a 403. The answers parse with the zod schemas the
 * document describes them from. On SQLite and PostgreSQL.
 */
import { readFileSync } from "node:fs";
import createClient from "openapi-fetch";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { JobQueue } from "../../../../jobs/queue.ts";
import { forEachDialect } from "../../../../db/testing/test-db.ts";
import { API_TYPES_FILE, renderApiTypes } from "../../testing/api-types.ts";
import { type TestUser, AUTH_TEST_ENV, authed, registerUser } from "../../testing/auth.ts";
import type { paths } from "../../testing/openapi-types.gen.ts";
import { startRegisteredQueue } from "../../testing/registered-queue.ts";
import { createTestApp, TEST_ORIGIN } from "../../testing/test-app.ts";
import { portfolioPageAnswerSchema, removedAnswerSchema, userDomainAnswerSchema } from "./answer-schemas.ts";

describe("the generated client's types", () => {
  it("are the OpenAPI document's (after changing the document, run npm run api:types)", async () => {
    expect(readFileSync(API_TYPES_FILE, "utf8")).toBe(await renderApiTypes());
  });
});

forEachDialect("a client generated from the OpenAPI document", (getDb, _dialect, getTestDb) => {
  let queue: JobQueue;
  beforeAll(async () => {
    queue = await startRegisteredQueue(getTestDb());
  });
  afterAll(() => queue.stop());
  const app = () => createTestApp(getDb(), { env: AUTH_TEST_ENV, queue });
  /** A user's key of the given scope, and a generated client sending it. */
  const keyedClient = async (user: TestUser, scope: "read" | "write") => {
    const made = await authed(app(), user.cookie)<{ key: string; scope: string }>("/api/api-keys", { method: "POST", body: { name: `${scope} script`, scope, password: user.password } });
    expect(made.status).toBe(201);
    expect(made.body.scope).toBe(scope);
    const server = app();
    return createClient<paths>({ baseUrl: TEST_ORIGIN, headers: { Authorization: `Bearer ${made.body.key}` }, fetch: async (request) => server.request(request) });
  };

  it("lists, adds and removes a domain with a write key, as the key's owner", async () => {
    const owner = await registerUser(app());
    const api = await keyedClient(owner, "write");
    const before = await api.GET("/api/user-domains");
    expect(before.response.status).toBe(200);
    expect(before.data).toEqual([]);

    const added = await api.POST("/api/user-domains", { body: { domainName: "Generated-Client.com", autoRenew: true, notes: "Added by a script" } });
    expect(added.response.status, JSON.stringify(added.error)).toBe(201);
    const entry = userDomainAnswerSchema.parse(added.data);
    expect(entry).toMatchObject({ domainName: "generated-client.com", tldId: "com", autoRenew: true, notes: "Added by a script" });
    expect(added.response.headers.get("x-ratelimit-limit")).toBe("1000");
    expect(added.response.headers.get("cache-control")).toBe("private, no-store");

    // The plain list and a page of it, each entry as the document describes it.
    const listed = await api.GET("/api/user-domains");
    expect(Array.isArray(listed.data) && listed.data.map((d) => userDomainAnswerSchema.parse(d).id)).toEqual([entry.id]);
    const page = portfolioPageAnswerSchema.parse((await api.GET("/api/user-domains", { params: { query: { limit: 10, sortBy: "expirationDate" } } })).data);
    expect(page).toMatchObject({ total: 1, limit: 10, data: [{ id: entry.id }] });
    // The owner's session sees what the key added.
    expect((await authed(app(), owner.cookie)<{ id: number }[]>("/api/user-domains")).body.map((d) => d.id)).toEqual([entry.id]);

    // The forecast and the watches answer the key as its owner too.
    const forecast = await api.GET("/api/user-domains/forecast", { params: { query: { currency: "USD" } } });
    expect(forecast.response.status).toBe(200);
    expect(forecast.data?.currency).toBe("USD");
    const watch = await api.POST("/api/notifications/watches", { body: { tld: "com", priceKind: "renewal", target: "9.00" } });
    expect(watch.response.status, JSON.stringify(watch.error)).toBe(201);
    expect((await api.GET("/api/notifications/watches")).data?.map((w) => w.tld.name)).toEqual(["com"]);

    const removed = await api.DELETE("/api/user-domains/{id}", { params: { path: { id: entry.id } } });
    expect(removed.response.status).toBe(200);
    expect(removedAnswerSchema.parse(removed.data)).toEqual({ id: entry.id, removed: true });
    expect((await api.GET("/api/user-domains")).data).toEqual([]);
    const again = await api.DELETE("/api/user-domains/{id}", { params: { path: { id: entry.id } } });
    expect(again.response.status).toBe(404);
    expect(again.error).toMatchObject({ message: "Domain not found" });
  });

  it("refuses every change with a read key, and a key reaches its own owner's data only", async () => {
    const owner = await registerUser(app());
    const other = await registerUser(app());
    const mine = await authed(app(), owner.cookie)<{ id: number }>("/api/user-domains", { method: "POST", body: { domainName: "kept-by-session.com" } });
    const reader = await keyedClient(owner, "read");
    const listed = await reader.GET("/api/user-domains");
    expect(listed.response.status).toBe(200);
    expect(Array.isArray(listed.data) && listed.data.map((d) => d.domainName)).toEqual(["kept-by-session.com"]);

    const add = await reader.POST("/api/user-domains", { body: { domainName: "refused.com" } });
    expect(add.response.status).toBe(403);
    expect(add.error?.message).toMatch(/can only read/);
    const remove = await reader.DELETE("/api/user-domains/{id}", { params: { path: { id: mine.body.id } } });
    expect(remove.response.status).toBe(403);
    expect((await reader.PUT("/api/user-domains/{id}", { params: { path: { id: mine.body.id } }, body: { notes: "x" } })).response.status).toBe(403);
    expect((await reader.POST("/api/notifications/watches", { body: { tld: "com", priceKind: "registration", target: "5.00" } })).response.status).toBe(403);
    expect((await authed(app(), owner.cookie)<{ domainName: string }[]>("/api/user-domains")).body.map((d) => d.domainName)).toEqual(["kept-by-session.com"]);

    // Someone else's key sees only its own owner's portfolio, and cannot touch this one's entry.
    const stranger = await keyedClient(other, "write");
    expect((await stranger.GET("/api/user-domains")).data).toEqual([]);
    expect((await stranger.DELETE("/api/user-domains/{id}", { params: { path: { id: mine.body.id } } })).response.status).toBe(404);
    // A key makes no keys and reaches no administrator's or account's call.
    const server = app();
    const bearer = { authorization: `Bearer ${(await authed(app(), other.cookie)<{ key: string }>("/api/api-keys", { method: "POST", body: { name: "w", scope: "write", password: other.password } })).body.key}` };
    for (const path of ["/api/api-keys", "/api/registrar-accounts", "/api/admin/settings"]) {
      expect((await server.request(`${TEST_ORIGIN}${path}`, { headers: bearer })).status, path).toBe(401);
    }
    const bad = await createClient<paths>({ baseUrl: TEST_ORIGIN, headers: { Authorization: "Bearer tlds_nope" }, fetch: async (r) => server.request(r) }).GET("/api/user-domains");
    expect(bad.response.status).toBe(401);
  });
});
