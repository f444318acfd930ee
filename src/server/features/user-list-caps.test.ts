/**
 * What one user can store is bounded: API keys and registrar accounts have a per-user cap, so
 * neither their lists nor the work they cause grow without end. Reaching the cap is a 409 that
 * says what to do, stores nothing, and freeing a place makes room again. Parallel requests
 * cannot pass a cap together: with one place left, 40 at once store exactly one.
 */
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { forEachDialect } from "../../../db/testing/test-db.ts";
import { AUTH_TEST_ENV, authed, registerUser } from "../testing/auth.ts";
import { createTestApp } from "../testing/test-app.ts";
import type { LoopbackServer } from "../testing/loopback.ts";
import { appFor, providerId, startPorkbun, userIdOf } from "../testing/registrar-accounts.ts";
import { MAX_REGISTRAR_ACCOUNTS_PER_USER } from "./accounts/service.ts";
import { MAX_API_KEYS_PER_USER } from "./api-keys/service.ts";

forEachDialect("per-user caps", (getDb) => {
  let server: LoopbackServer;
  let apiKey: string;
  let secretKey: string;
  beforeAll(async () => {
    const porkbun = await startPorkbun([]);
    server = porkbun.server;
    apiKey = porkbun.account.apiKey;
    secretKey = porkbun.account.secretKey;
  });
  afterAll(async () => {
    await server.close();
  });
  const app = () => appFor(getDb(), server.url);

  /** Sends `n` requests at once; how many got each status. */
  async function statusesOf(n: number, send: (i: number) => Promise<{ status: number }>): Promise<Record<number, number>> {
    const results = await Promise.all(Array.from({ length: n }, (_, i) => send(i)));
    const counts: Record<number, number> = {};
    for (const { status } of results) counts[status] = (counts[status] ?? 0) + 1;
    return counts;
  }

  it(`refuses an API key past ${MAX_API_KEYS_PER_USER} working keys, and makes one again after a revoke`, async () => {
    const user = await registerUser(app());
    const call = authed(app(), user.cookie);
    const ids: number[] = [];
    for (let i = 0; i < MAX_API_KEYS_PER_USER; i++) {
      const made = await call<{ id: number }>("/api/api-keys", { method: "POST", body: { name: `key ${i}`, password: user.password } });
      expect(made.status).toBe(201);
      ids.push(made.body.id);
    }
    const refused = await call<{ message: string }>("/api/api-keys", { method: "POST", body: { name: "one more", password: user.password } });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/already have 25 API keys.*Revoke one/);
    const { orm: db, t } = getDb();
    const stored = await db.select({ n: count() }).from(t.apiKeys).where(eq(t.apiKeys.userId, await userIdOf(getDb(), user.email)));
    expect(stored[0]!.n).toBe(MAX_API_KEYS_PER_USER);

    expect((await call(`/api/api-keys/${ids[0]}`, { method: "DELETE" })).status).toBe(200);
    expect((await call("/api/api-keys", { method: "POST", body: { name: "one more", password: user.password } })).status).toBe(201);
  });

  it(`refuses a registrar account past ${MAX_REGISTRAR_ACCOUNTS_PER_USER}, and connects one again after a removal`, async () => {
    const user = await registerUser(app());
    const call = authed(app(), user.cookie);
    const porkbunId = await providerId(getDb(), "porkbun");
    const body = (label: string) => ({ serviceProviderId: porkbunId, label, authType: "api", credentials: { apiKey, secretKey } });
    const ids: number[] = [];
    for (let i = 0; i < MAX_REGISTRAR_ACCOUNTS_PER_USER; i++) {
      const made = await call<{ id: number }>("/api/registrar-accounts", { method: "POST", body: body(`Porkbun ${i}`) });
      expect(made.status).toBe(201);
      ids.push(made.body.id);
    }
    const refused = await call<{ message: string }>("/api/registrar-accounts", { method: "POST", body: body("one more") });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/already have 25 registrar accounts connected.*Remove one/);
    const listed = await call<unknown[]>("/api/registrar-accounts");
    expect(listed.body).toHaveLength(MAX_REGISTRAR_ACCOUNTS_PER_USER);

    expect((await call(`/api/registrar-accounts/${ids[0]}`, { method: "DELETE" })).status).toBe(200);
    expect((await call("/api/registrar-accounts", { method: "POST", body: body("one more") })).status).toBe(201);
  });

  // Each create checks the password, which is limited to 10 checks at once per account: 8 racers stay under it.
  it(`stores exactly ${MAX_API_KEYS_PER_USER} API keys when 8 creates race for the last place`, async () => {
    const user = await registerUser(app());
    const call = authed(app(), user.cookie);
    for (let i = 0; i < MAX_API_KEYS_PER_USER - 1; i++) {
      expect((await call("/api/api-keys", { method: "POST", body: { name: `key ${i}`, password: user.password } })).status).toBe(201);
    }
    const statuses = await statusesOf(8, (i) => call("/api/api-keys", { method: "POST", body: { name: `racer ${i}`, password: user.password } }));
    expect(statuses).toEqual({ 201: 1, 409: 7 });
    const { orm: db, t } = getDb();
    const stored = await db.select({ n: count() }).from(t.apiKeys).where(eq(t.apiKeys.userId, await userIdOf(getDb(), user.email)));
    expect(stored[0]!.n).toBe(MAX_API_KEYS_PER_USER);
  });

  it(`stores exactly ${MAX_REGISTRAR_ACCOUNTS_PER_USER} registrar accounts when 40 creates race for the last place`, async () => {
    const user = await registerUser(app());
    const call = authed(app(), user.cookie);
    const porkbunId = await providerId(getDb(), "porkbun");
    const body = (label: string) => ({ serviceProviderId: porkbunId, label, authType: "api", credentials: { apiKey, secretKey } });
    for (let i = 0; i < MAX_REGISTRAR_ACCOUNTS_PER_USER - 1; i++) {
      expect((await call("/api/registrar-accounts", { method: "POST", body: body(`Porkbun ${i}`) })).status).toBe(201);
    }
    const statuses = await statusesOf(40, (i) => call("/api/registrar-accounts", { method: "POST", body: body(`racer ${i}`) }));
    expect(statuses).toEqual({ 201: 1, 409: 39 });
    const { orm: db, t } = getDb();
    const stored = await db.select({ n: count() }).from(t.registrarAccounts).where(eq(t.registrarAccounts.userId, await userIdOf(getDb(), user.email)));
    expect(stored[0]!.n).toBe(MAX_REGISTRAR_ACCOUNTS_PER_USER);
  });

  it("stores exactly PORTFOLIO_MAX_DOMAINS domains when 40 single adds race for the last place", async () => {
    const limited = createTestApp(getDb(), { env: { ...AUTH_TEST_ENV, PORTFOLIO_MAX_DOMAINS: "25" } });
    const user = await registerUser(limited);
    const call = authed(limited, user.cookie);
    const csv = ["domainName", ...Array.from({ length: 24 }, (_, i) => `held-${i}.com`)].join("\n");
    expect((await call("/api/user-domains/import", { method: "POST", body: { csv } })).status).toBe(200);
    const statuses = await statusesOf(40, (i) => call("/api/user-domains", { method: "POST", body: { domainName: `racer-${i}.com` } }));
    expect(statuses).toEqual({ 201: 1, 409: 39 });
    expect((await call<{ total: number }>("/api/user-domains?page=1")).body.total).toBe(25);
  });
});
