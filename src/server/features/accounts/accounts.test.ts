import { readFileSync } from "node:fs";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { forEachDialect } from "../../../../db/testing/test-db.ts";
import type { JobQueue } from "../../../../jobs/queue.ts";
import { createTestQueue } from "../../../../jobs/testing/queue-test-kit.ts";
import { SYNC_QUEUED_MESSAGE } from "../../../shared/schemas/registrar-account.ts";
import { makeDomains } from "../../integrations/registrars/testing/fake-state.ts";
import type { LoopbackServer } from "../../testing/loopback.ts";
import { authed, registerUser } from "../../testing/auth.ts";
import { TEST_ORIGIN } from "../../testing/test-app.ts";
import { appFor, providerId, startPorkbun, syncDeps } from "../../testing/registrar-accounts.ts";
import { SYNC_QUEUE } from "./deps.ts";
import { registerAccountJobs } from "./jobs.ts";
import type { AccountItem } from "./item.ts";

type Call = ReturnType<typeof authed>;
interface ErrorBody { message: string; issues?: { field: string; message: string }[] }

forEachDialect("registrar accounts over HTTP", (getDb, dialect, getTestDb) => {
  let porkbun: Awaited<ReturnType<typeof startPorkbun>>;
  let server: LoopbackServer;
  let queue: JobQueue;
  let alice: Call;
  let bob: Call;
  let porkbunId: number;
  const app = () => appFor(getDb(), server.url, queue);
  const body = () => ({ serviceProviderId: porkbunId, label: "Main Porkbun", authType: "api", credentials: { apiKey: porkbun.account.apiKey, secretKey: porkbun.account.secretKey } });

  beforeAll(async () => {
    porkbun = await startPorkbun(makeDomains(3));
    server = porkbun.server;
    // The real queue as a web process has it: jobs are stored for a worker, none runs here.
    queue = createTestQueue(getTestDb());
    await queue.start({ work: false });
    await registerAccountJobs(queue, syncDeps(getDb(), server.url));
    porkbunId = await providerId(getDb(), "porkbun");
  });
  // Every test has its own two users, so none sees the accounts another test made.
  beforeEach(async () => {
    alice = authed(app(), (await registerUser(app())).cookie);
    bob = authed(app(), (await registerUser(app())).cookie);
  });
  /** Alice's "Main Porkbun" account, for the tests that start from one. */
  const createMain = async () => {
    const created = await alice<AccountItem>("/api/registrar-accounts", { method: "POST", body: body() });
    expect(created.status).toBe(201);
    return created.body;
  };
  afterAll(async () => {
    await queue.stop();
    await server.close();
  });

  it("answers 401 to every call when signed out", async () => {
    for (const [method, path] of [["GET", ""], ["POST", ""], ["POST", "/1/test-connection"], ["POST", "/1/sync"], ["DELETE", "/1"]] as const) {
      const res = await app().request(`${TEST_ORIGIN}/api/registrar-accounts${path}`, { method, headers: { origin: TEST_ORIGIN } });
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });

  it("lists every field's message in one 400", async () => {
    const res = await alice<ErrorBody>("/api/registrar-accounts", { method: "POST", body: { label: "x".repeat(101), credentials: { apiKey: " " } } });
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual([
      { field: "serviceProviderId", message: "Please select a provider" },
      { field: "label", message: "Label must be less than 100 characters" },
      { field: "credentials.apiKey", message: "API Key is required" },
      { field: "credentials.secretKey", message: "Secret Key is required" },
    ]);
    const empty = await alice<ErrorBody>("/api/registrar-accounts", { method: "POST", body: { serviceProviderId: porkbunId, label: "  " } });
    expect(empty.body.issues?.map((i) => i.message)).toEqual(["Account label is required", "API Key is required", "Secret Key is required"]);
    const hover = await providerId(getDb(), "hover");
    const unsupported = await alice<ErrorBody>("/api/registrar-accounts", { method: "POST", body: { ...body(), serviceProviderId: hover } });
    expect(unsupported).toMatchObject({ status: 400, body: { message: "Please select a provider" } });
  });

  it("creates an account, stores the credentials encrypted and never answers them", async () => {
    const created = await alice<AccountItem>("/api/registrar-accounts", { method: "POST", body: body() });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      label: "Main Porkbun", status: "untested", isActive: true, lastSyncAt: null, errorMessage: null, lastSyncLog: null,
      serviceProvider: { id: porkbunId, displayName: "Porkbun", slug: "porkbun" }, domainCount: 0, _count: { userDomains: 0 },
    });
    expect(created.text).not.toContain(porkbun.account.secretKey);
    const { orm: db, t } = getDb();
    const row = (await db.select().from(t.registrarAccounts)).find((r) => r.id === created.body.id);
    expect(JSON.stringify(row)).not.toContain(porkbun.account.secretKey);
    expect(JSON.stringify(row)).not.toContain(porkbun.account.apiKey);
    expect(row!.credentialsEncrypted).toMatch(/^v1:/);
    expect(row!.credentialsKeyId).toMatch(/^[0-9a-f]{16}$/);
    if (dialect === "sqlite") {
      const file = (getDb().orm as unknown as { $client: { name: string; pragma(s: string): unknown } }).$client;
      file.pragma("wal_checkpoint(TRUNCATE)");
      const bytes = readFileSync(file.name);
      expect(bytes.includes(Buffer.from(porkbun.account.secretKey))).toBe(false);
      expect(bytes.includes(Buffer.from(porkbun.account.apiKey))).toBe(false);
    }
    const list = await alice<AccountItem[]>("/api/registrar-accounts");
    expect(list.body.map((a) => a.id)).toEqual([created.body.id]);
    expect(list.text).not.toContain(porkbun.account.secretKey);
  });

  it("hides one user's account from another: 404 on every call", async () => {
    await createMain();
    const [mine] = (await alice<AccountItem[]>("/api/registrar-accounts")).body;
    expect((await bob<AccountItem[]>("/api/registrar-accounts")).body).toEqual([]);
    for (const [method, path] of [["GET", ""], ["POST", "/test-connection"], ["POST", "/sync"], ["DELETE", ""]] as const) {
      const res = await bob<ErrorBody>(`/api/registrar-accounts/${mine!.id}${path}`, { method });
      expect(res, `${method} ${path}`).toMatchObject({ status: 404, body: { message: "Account not found" } });
    }
    expect((await bob(`/api/registrar-accounts/abc`, { method: "DELETE" })).status).toBe(404);
  });

  it("tests the connection with the registrar's words, success or a sentence naming it without codes, and the account then shows the outcome", async () => {
    await createMain();
    const [mine] = (await alice<AccountItem[]>("/api/registrar-accounts")).body;
    const ok = await alice(`/api/registrar-accounts/${mine!.id}/test-connection`, { method: "POST" });
    expect(ok).toMatchObject({ status: 200, body: { success: true, message: "Porkbun answered SUCCESS (request from 203.0.113.7)" } });
    expect((await alice<AccountItem>(`/api/registrar-accounts/${mine!.id}`)).body).toMatchObject({ status: "active", errorMessage: null });
    const wrong = await alice<AccountItem>("/api/registrar-accounts", { method: "POST", body: { ...body(), label: "Wrong", credentials: { apiKey: "pk1_wrong", secretKey: "sk1_wrong" } } });
    expect(wrong.body.status).toBe("untested");
    const failed = await alice(`/api/registrar-accounts/${wrong.body.id}/test-connection`, { method: "POST" });
    // A sentence naming the registrar, with its words but not its code "(002)".
    const refusal = 'Porkbun did not accept this API key and secret (it said: "Invalid API key"). Check both, and that API access is on for the account at Porkbun.';
    expect(failed).toMatchObject({ status: 200, body: { success: false, message: refusal } });
    expect((await alice<AccountItem>(`/api/registrar-accounts/${wrong.body.id}`)).body).toMatchObject({ status: "error", errorMessage: refusal });
    await alice(`/api/registrar-accounts/${wrong.body.id}`, { method: "DELETE" });
  });

  it("queues one sync per account and refuses a second while it is queued", async () => {
    await createMain();
    const [mine] = (await alice<AccountItem[]>("/api/registrar-accounts")).body;
    const first = await alice<{ message: string; jobId: string }>(`/api/registrar-accounts/${mine!.id}/sync`, { method: "POST" });
    expect(first).toMatchObject({ status: 202, body: { message: SYNC_QUEUED_MESSAGE } });
    expect(await queue.getJob(SYNC_QUEUE, first.body.jobId)).toMatchObject({ state: "queued", data: { accountId: mine!.id } });
    const second = await alice<ErrorBody>(`/api/registrar-accounts/${mine!.id}/sync`, { method: "POST" });
    expect(second).toMatchObject({ status: 409, body: { message: "A sync of this account is already queued or running" } });
    expect(await queue.counts(SYNC_QUEUE)).toEqual({ queued: 1, active: 0 });
    // The page polls this while the sync waits; another user learns nothing about it.
    const state = (jobId: string, who = alice, id = mine!.id) =>
      who<{ result?: { data: { state: string } }; error?: unknown }>(`/trpc/accounts.syncState?input=${encodeURIComponent(JSON.stringify({ id, jobId }))}`);
    expect((await state(first.body.jobId)).body.result?.data).toEqual({ state: "queued" });
    expect((await state(first.body.jobId, bob)).status).toBe(404);
    await queue.cancel(SYNC_QUEUE, first.body.jobId);
    expect((await state(first.body.jobId)).body.result?.data).toEqual({ state: "finished" });
    const paused = await alice<AccountItem>("/api/registrar-accounts", { method: "POST", body: { ...body(), label: "Paused", isActive: false } });
    expect(paused.body.status).toBe("disabled");
    expect((await alice<ErrorBody>(`/api/registrar-accounts/${paused.body.id}/sync`, { method: "POST" })).status).toBe(409);
    await alice(`/api/registrar-accounts/${paused.body.id}`, { method: "DELETE" });
  });

  it("offers the same calls over tRPC", async () => {
    await createMain();
    const res = await alice<{ result: { data: AccountItem[] } }>("/trpc/accounts.list");
    expect(res.body.result.data.map((a) => a.label)).toEqual(["Main Porkbun"]);
    const providers = await alice<{ result: { data: { slug: string }[] } }>("/trpc/accounts.providers");
    expect(providers.body.result.data.map((p) => p.slug).sort()).toEqual(["cloudflare", "dynadot", "godaddy", "namecheap", "namecom", "porkbun"]);
    const invalid = await alice<{ error: { message: string; data: { issues: { message: string }[] } } }>("/trpc/accounts.create", { method: "POST", body: {} });
    expect(invalid.body.error.data.issues.map((i) => i.message)).toContain("Please select a provider");
  });
});
