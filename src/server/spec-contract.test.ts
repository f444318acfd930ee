/**
 * The specification's REST calls are a contract (testing/spec-contract.ts lists them with their
 * fields): each is made against the real app as its role, with valid input (its answer has
 * every documented field) and with invalid input (the status and a sentence for a person); a user
 * call refuses a signed-out caller with 401 and an admin call a non-administrator with 403. Runs
 * on SQLite and PostgreSQL. (Lives here because it calls every feature.)
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { insertFinishedLog } from "../../db/repositories/price-log-repository.ts";
import { forEachDialect } from "../../db/testing/test-db.ts";
import type { JobQueue } from "../../jobs/queue.ts";
import { startPorkbun } from "./testing/registrar-accounts.ts";
import type { PriceSources } from "./features/price-engine/sources.ts";
import { AUTH_TEST_ENV, authed, registerAdmin, registerUser } from "./testing/auth.ts";
import { DOCUMENTED_CALLS, type DocumentedCall, type Role } from "./testing/spec-contract.ts";
import { startRegisteredQueue } from "./testing/registered-queue.ts";
import { createTestApp, TEST_ORIGIN } from "./testing/test-app.ts";
import { testPriceSource, usd } from "./testing/test-price-source.ts";

/** Hover's prices, as a live source would answer them (queued by the manual fetch, never run here). */
const SOURCES: PriceSources = {
  live: new Map([["hover", testPriceSource("hover", () => Promise.resolve({ observedAt: new Date(), quotes: [usd("com", 1299)], skipped: [] }))]]),
  bundled: () => null,
};

type Json = unknown;

/** Replaces {name} placeholders: a string that is one placeholder takes the value itself. */
function fill<T>(value: T, vars: Record<string, string | number>): T {
  if (typeof value === "string") {
    const whole = /^\{(\w+)\}$/.exec(value);
    if (whole && whole[1]! in vars) return vars[whole[1]!] as T;
    return value.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m)) as T;
  }
  if (Array.isArray(value)) return value.map((v: unknown) => fill(v, vars)) as T;
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v, vars)])) as T;
  return value;
}

/**
 * The values at `path` in `value`: `a.b`, `a[].b` (each element), `a?.b` (skipped where a is
 * null). Each is [where, present, value]; an absent field is reported by where it was looked for.
 */
function valuesAt(value: Json, path: string, where = ""): { where: string; present: boolean; value?: Json }[] {
  const [head, ...rest] = path.split(".");
  const optional = head!.endsWith("?");
  const each = head!.replace("?", "").endsWith("[]");
  const key = head!.replace("?", "").replace("[]", "");
  const here = `${where}${where ? "." : ""}${key}`;
  if (value === null || typeof value !== "object" || !(key in value)) return [{ where: here, present: false }];
  const field = (value as Record<string, Json>)[key];
  if (!rest.length) return [{ where: here, present: true, value: field }];
  if (optional && field === null) return [{ where: here, present: true, value: null }];
  if (each) {
    if (!Array.isArray(field)) return [{ where: `${here}[]`, present: false }];
    return field.flatMap((element, i) => valuesAt(element, rest.join("."), `${here}[${i}]`));
  }
  return valuesAt(field, rest.join("."), here);
}

/** Every documented field is in every element of the answer (lists and pages: at least one element). */
function expectFields(call: DocumentedCall, body: Json, label: string) {
  let elements: Json[];
  if (call.answer === "list") {
    expect(Array.isArray(body), `${label} answers a list`).toBe(true);
    elements = body as Json[];
  } else if (call.answer === "page") {
    for (const field of call.pageFields ?? []) expect(body, `${label} has ${field}`).toHaveProperty(field);
    elements = (body as Record<string, Json[]>)[call.items!]!;
    expect(Array.isArray(elements), `${label}.${call.items} is a list`).toBe(true);
  } else {
    elements = [body];
  }
  if (!call.fields?.length) return;
  expect(elements.length, `${label} has at least one element to check`).toBeGreaterThan(0);
  for (const element of elements.slice(0, 25)) {
    for (const field of call.fields) {
      const found = valuesAt(element, field);
      const missing = found.filter((f) => !f.present).map((f) => f.where);
      expect(missing, `${label}: documented field ${field}`).toEqual([]);
      expect(found.length, `${label}: ${field} found at least once`).toBeGreaterThan(0);
    }
  }
}

/** Each call's label in failures: its document, method and path as the table writes them. */
const labelOf = (call: DocumentedCall) => `[spec ${call.spec}] ${call.method} ${call.path}`;

forEachDialect("the specification's REST calls", (getDb, _dialect, getTestDb) => {
  let queue: JobQueue;
  let porkbun: Awaited<ReturnType<typeof startPorkbun>>;
  let app: ReturnType<typeof createTestApp>;
  const callers = {} as Record<Exclude<Role, "public">, ReturnType<typeof authed>>;
  const vars: Record<string, string | number> = { tldId: "com" };

  beforeAll(async () => {
    porkbun = await startPorkbun([]);
    const env = { ...AUTH_TEST_ENV, PORKBUN_API_URL: porkbun.server.url };
    // Jobs are queued (a sync, a manual fetch, registry lookups) but none runs: nothing leaves the machine.
    queue = await startRegisteredQueue(getTestDb(), env, SOURCES);
    app = createTestApp(getDb(), { queue, env, priceSources: SOURCES });
    callers.user = authed(app, (await registerUser(app, { firstName: "Contract" })).cookie);
    callers.admin = authed(app, (await registerAdmin(app, getDb())).cookie);
    const { orm: db, t } = getDb();
    const [provider] = await db.select().from(t.serviceProviders).where(eq(t.serviceProviders.slug, "hover"));
    const [registrar] = await db.select({ id: t.serviceProviders.id }).from(t.serviceProviders).where(eq(t.serviceProviders.slug, "porkbun"));
    // A finished fetch and an incident, so the admin lists have rows whose fields can be checked.
    await insertFinishedLog(getDb(), {
      serviceProviderId: provider!.id, requestType: "provider", startedAt: new Date(Date.now() - 60_000), completedAt: new Date(),
      status: "success", source: "live", resultCount: 3, responseTimeMs: 120,
    });
    await db.insert(t.incidents).values({ title: "Contract incident", description: "Made by the contract test", severity: "low", status: "open", source: provider!.domain });
    Object.assign(vars, {
      providerId: provider!.id, providerName: provider!.name, providerDomain: provider!.domain, porkbunId: registrar!.id,
      porkbunKey: porkbun.account.apiKey, porkbunSecret: porkbun.account.secretKey,
    });
  });
  afterAll(async () => {
    await queue.stop();
    await porkbun.server.close();
  });

  const request = async (role: Role, method: string, path: string, body?: Json) => {
    if (role === "public") {
      const res = await app.request(`${TEST_ORIGIN}${path}`, { method, redirect: "manual" });
      const text = await res.text();
      let json: Json = text;
      try {
        json = JSON.parse(text);
      } catch {
        // a page or a redirect
      }
      return { status: res.status, body: json, res };
    }
    return callers[role](path, { method, ...(body === undefined ? {} : { body }) });
  };

  it("answers every documented call with its documented fields, refuses bad input, and holds to each call's role", async () => {
    expect(DOCUMENTED_CALLS.length).toBeGreaterThan(30);
    for (const call of DOCUMENTED_CALLS) {
      const label = labelOf(call);
      const url = fill(call.path, vars) + (call.query ? `?${fill(call.query, vars)}` : "");
      const body = call.body === undefined ? undefined : fill(call.body, vars);

      // Before a registrar account is listed, a finished sync's log is set as a sync would leave it, so its fields are checked too.
      if (call.path === "/api/registrar-accounts" && call.method === "GET" && vars.accountId !== undefined) {
        const { orm: db, t } = getDb();
        await db.update(t.registrarAccounts).set({ lastSyncAt: new Date(), lastSyncLog: { domainsFound: 0, newDomains: 0, updatedDomains: 0, durationMs: 5, error: null } })
          .where(eq(t.registrarAccounts.id, Number(vars.accountId)));
      }

      if (call.role !== "public" && call.answer !== "navigation") {
        const anonymous = await request("public", call.method, url);
        expect(anonymous.status, `${label} signed out`).toBe(401);
      }
      if (call.role === "admin") expect((await request("user", call.method, url, body)).status, `${label} as a non-administrator`).toBe(403);

      if (call.invalid) {
        const bad = call.invalid;
        const badUrl = fill(bad.path ?? call.path, vars) + (bad.query !== undefined ? `?${fill(bad.query, vars)}` : call.query ? `?${fill(call.query, vars)}` : "");
        const refused = await request(call.role, call.method, badUrl, bad.body === undefined ? body : fill(bad.body, vars));
        expect(refused.status, `${label} with bad input (${badUrl})`).toBe(bad.status);
        const message = (refused.body as { message?: unknown }).message;
        expect(typeof message === "string" && message.length > 3, `${label} says why: ${JSON.stringify(refused.body)}`).toBe(true);
      }

      const answer = await request(call.role, call.method, url, body);
      if (call.answer === "redirect") {
        expect([301, 302, 303, 307], `${label} redirects`).toContain(answer.status);
        continue;
      }
      if (call.answer === "navigation") {
        expect(answer.status, `${label} answers the browser`).toBeLessThan(400);
        continue;
      }
      expect(answer.status, `${label}: ${JSON.stringify(answer.body).slice(0, 300)}`).toBeGreaterThanOrEqual(200);
      expect(answer.status, `${label}: ${JSON.stringify(answer.body).slice(0, 300)}`).toBeLessThan(300);
      expectFields(call, answer.body, label);
      if (call.captures) vars[call.captures] = (answer.body as { id: number }).id;
    }
  });

  it("lists each call once, each role and answer kind it names being one the test knows", () => {
    const keys = DOCUMENTED_CALLS.map((c) => `${c.method} ${c.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const call of DOCUMENTED_CALLS) {
      expect(["public", "user", "admin"]).toContain(call.role);
      if (call.answer === "page") expect(call.items, labelOf(call)).toBeTruthy();
    }
  });
});
