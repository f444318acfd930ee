import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Db } from "../../../../db/client.ts";
import { deleteUserEverywhere } from "../../../../db/repositories/account-data-repository.ts";
import { forEachDialect } from "../../../../db/testing/test-db.ts";
import { createTestQueue } from "../../../../jobs/testing/queue-test-kit.ts";
import type { JobQueue } from "../../../../jobs/queue.ts";
import { USER_OWNED_JOBS } from "../../domain/job-catalogue.ts";
import { createCredentialCipher } from "../../lib/credential-cipher.ts";
import { ownedRows, rowsNamingUser, tablesContaining } from "../../testing/owned-rows.ts";
import { AUTH_TEST_ENV, authed, registerAdmin, registerUser, sessionCookieOf, formPost, type TestUser } from "../../testing/auth.ts";
import { createTestApp, TEST_APP_SECRET } from "../../testing/test-app.ts";
import { EXPORTS_PER_HOUR, LAST_ADMIN } from "./account-data.ts";

const cipher = createCredentialCipher(TEST_APP_SECRET);

/** A seeded provider's id (registrar accounts are attached to it). */
async function findServiceProviderIdBySlug(db: Db, slug: string): Promise<number> {
  const [row] = await db.orm.select({ id: db.t.serviceProviders.id }).from(db.t.serviceProviders).where(eq(db.t.serviceProviders.slug, slug)).limit(1);
  if (!row) throw new Error(`no seeded provider ${slug}`);
  return row.id;
}
const queueOf = (field: string) => USER_OWNED_JOBS.find((j) => j.field === field)!.queue;
/** The registrar-account sync and notification delivery queues, as the deletion knows them. */
const SYNC_QUEUE = queueOf("accountId");
const DELIVER_QUEUE = queueOf("deliveryId");
const REGISTRAR_SECRET = "sk_live_registrar_secret_9f8e7d";

/** A user holding something in every part of the product, through the product's own doors where it has them. */
async function populate(db: Db, app: ReturnType<typeof createTestApp>, queue: JobQueue, user: TestUser, tag: string) {
  const as = authed(app, user.cookie);
  const me = (await as<{ id: number }>("/api/auth/user")).body.id;
  const domain = await as<{ id: number }>("/api/user-domains", { method: "POST", body: { domainName: `${tag}-owned.com`, tldId: "com", notes: `notes of ${tag}` } });
  expect(domain.status).toBe(201);
  await db.orm.insert(db.t.domainRegistryRecords).values({ userDomainId: domain.body.id, outcome: "ok", expirationDate: "2028-01-01", nextCheckAt: new Date(), statuses: ["clientTransferProhibited"] })
    .onConflictDoUpdate({ target: db.t.domainRegistryRecords.userDomainId, set: { outcome: "ok", expirationDate: "2028-01-01", statuses: ["clientTransferProhibited"] } });
  const key = await as<{ id: number; key: string }>("/api/api-keys", { method: "POST", body: { name: `${tag} script`, password: user.password } });
  expect(key.status).toBe(201);
  const watch = await as("/api/notifications/watches", { method: "POST", body: { tld: "com", priceKind: "registration", target: "5" } });
  expect(watch.status).toBe(201);
  const { ciphertext, keyId } = cipher.encrypt({ apiKey: `${tag}-key`, secretKey: REGISTRAR_SECRET });
  const [account] = await db.orm.insert(db.t.registrarAccounts).values({
    userId: me, serviceProviderId: await findServiceProviderIdBySlug(db, "porkbun"), label: `${tag} porkbun`, authType: "api",
    credentialsEncrypted: ciphertext, credentialsKeyId: keyId,
  }).returning({ id: db.t.registrarAccounts.id });
  const [channel] = await db.orm.insert(db.t.notificationChannels).values({ userId: me, kind: "email", email: `${tag}-alerts@example.com`, confirmedAt: new Date() })
    .returning({ id: db.t.notificationChannels.id });
  const [hook] = await db.orm.insert(db.t.notificationChannels).values({ userId: me, kind: "webhook", url: `https://hooks.example.com/${tag}`, format: "generic", secret: `whsec_${tag}_signing` })
    .returning({ id: db.t.notificationChannels.id });
  await db.orm.insert(db.t.notificationPreferences).values({ userId: me, reminderOffsets: [30, 7], deliveryModes: { expiry: "digest" }, enabledKinds: ["expiry"], currency: "EUR", updatedAt: new Date() });
  const day = 86_400_000;
  const notes = await db.orm.insert(db.t.notifications).values([
    { userId: me, kind: "expiry", subjectKey: `domain:${domain.body.id}`, occurrence: "recent", title: `${tag} expires soon`, payload: {}, dueDate: "2027-03-01" },
    { userId: me, kind: "expiry", subjectKey: `domain:${domain.body.id}`, occurrence: "old", title: `${tag} long ago`, payload: {}, dueDate: "2026-01-01" },
  ]).returning({ id: db.t.notifications.id });
  const [delivery] = await db.orm.insert(db.t.notificationDeliveries).values([
    { notificationId: notes[0]!.id, channelId: channel!.id, status: "sent", attempts: 1, sentAt: new Date(), createdAt: new Date(Date.now() - 10 * day) },
    { notificationId: notes[1]!.id, channelId: channel!.id, status: "sent", attempts: 1, sentAt: new Date(), createdAt: new Date(Date.now() - 100 * day) },
    { notificationId: notes[0]!.id, channelId: hook!.id, status: "queued", attempts: 0 },
  ]).returning({ id: db.t.notificationDeliveries.id });
  const syncJob = await queue.send(SYNC_QUEUE, { accountId: account!.id }, { startAfterSeconds: 3600 });
  const deliverJob = await queue.send(DELIVER_QUEUE, { deliveryId: delivery!.id }, { startAfterSeconds: 3600 });
  return { me, accountId: account!.id, apiKey: key.body.key, syncJob: syncJob!, deliverJob: deliverJob! };
}

forEachDialect("download my data, delete my account", (getDb, _dialect, getTestDb) => {
  let queue: JobQueue;
  beforeAll(async () => {
    queue = createTestQueue(getTestDb());
    await queue.start({ work: false });
    for (const job of USER_OWNED_JOBS) await queue.createQueue(job.queue);
  });
  afterAll(async () => {
    await queue.stop(1000);
  });
  const app = () => createTestApp(getDb(), { queue, env: AUTH_TEST_ENV });

  it("exports everything the account holds, without a secret, and limits downloads", async () => {
    const user = await registerUser(app(), { email: "exporter@example.com", firstName: "Ex" });
    const held = await populate(getDb(), app(), queue, user, "exp");
    const as = authed(app(), user.cookie);
    const res = await as<Record<string, any>>("/api/account/export");
    expect(res.status).toBe(200);
    expect(res.res.headers.get("content-disposition")).toMatch(/^attachment; filename="tldscope-account-\d{4}-\d\d-\d\d\.json"$/);
    expect(res.res.headers.get("cache-control")).toBe("private, no-store");
    const data = res.body;
    expect(data.profile).toMatchObject({ id: held.me, email: "exporter@example.com", firstName: "Ex", signsInWith: "password", twoFactorEnabled: false });
    expect(data.portfolio).toEqual([expect.objectContaining({
      domainName: "exp-owned.com", tld: "com", notes: "notes of exp",
      registry: expect.objectContaining({ outcome: "ok", expirationDate: "2028-01-01", statuses: ["clientTransferProhibited"] }),
    })]);
    expect(data.registrarAccounts).toEqual([expect.objectContaining({ id: held.accountId, label: "exp porkbun", registrar: expect.any(String) })]);
    expect(data.notifications.channels.map((c: { kind: string; email: string | null; url: string | null }) => [c.kind, c.email ?? c.url]))
      .toEqual([["email", "exp-alerts@example.com"], ["webhook", "https://hooks.example.com/…"]]);
    expect(data.notifications.preferences).toMatchObject({ reminderOffsets: [30, 7], currency: "EUR", renewalChangePercent: 10, renewalUndercut: "2.00" });
    // Deliveries of the last 90 days only.
    expect(data.notifications.deliveries.map((d: { title: string; channelKind: string }) => [d.title, d.channelKind]).sort())
      .toEqual([["exp expires soon", "email"], ["exp expires soon", "webhook"]]);
    expect(data.watchedTlds).toEqual([expect.objectContaining({ tld: "com", priceKind: "registration", target: "5.00" })]);
    expect(data.apiKeys).toEqual([expect.objectContaining({ name: "exp script", revokedAt: null })]);
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(data.csv.portfolio).toMatch(/\/api\/user-domains\/export\.csv$/);
    // Secrets stay out: registrar credentials, the webhook's signing secret, the API key, every hash.
    for (const secret of [REGISTRAR_SECRET, "exp-key", "whsec_exp_signing", held.apiKey, "$argon2id$", "credentials"]) expect(res.text).not.toContain(secret);
    const stored = await getDb().orm.select({ hash: getDb().t.apiKeys.keyHash }).from(getDb().t.apiKeys).where(eq(getDb().t.apiKeys.userId, held.me));
    expect(res.text).not.toContain(stored[0]!.hash);
    // The tRPC door gives the same document.
    const viaTrpc = await as<{ result: { data: { portfolio: unknown[] } } }>("/trpc/account.exportData");
    expect(viaTrpc.body.result.data.portfolio).toHaveLength(1);

    for (let i = 2; i < EXPORTS_PER_HOUR; i++) expect((await as("/api/account/export")).status).toBe(200);
    const limited = await as<{ message: string }>("/api/account/export");
    expect(limited.status).toBe(429);
    expect(Number(limited.res.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("deletes every row the user owns in one transaction, cancels their queued jobs, signs them out and leaves others alone", async () => {
    const victim = await registerUser(app(), { email: "leaving@example.com" });
    const bystander = await registerUser(app(), { email: "staying@example.com" });
    const held = await populate(getDb(), app(), queue, victim, "gone");
    const kept = await populate(getDb(), app(), queue, bystander, "kept");
    const second = await formPost(app(), "/api/login", { email: victim.email, password: victim.password });
    const otherSession = sessionCookieOf(second)!;
    const before = await ownedRows(getDb(), held.me);
    const keptBefore = await ownedRows(getDb(), kept.me);
    // The schema walk found rows in the tables the user fills (more are found as the schema grows).
    for (const table of ["sessions", "user_domains", "domain_registry_records", "api_keys", "watched_tlds", "registrar_accounts", "notification_channels",
      "notification_preferences", "notifications", "notification_deliveries"]) expect(before.get(table)?.length, table).toBeGreaterThan(0);

    const as = authed(app(), victim.cookie);
    expect((await as("/api/account/delete", { method: "POST", body: { password: "not the password" } })).status).toBe(400);
    expect((await as("/api/account/delete", { method: "POST", body: {} })).status).toBe(400);
    // A crash inside the transaction leaves everything as it was.
    await expect(deleteUserEverywhere(getDb(), { id: held.me, email: victim.email }, () => {
      throw new Error("the process died here");
    })).rejects.toThrow("the process died here");
    expect(await ownedRows(getDb(), held.me)).toEqual(before);

    const deleted = await as<{ deleted: boolean; cancelledJobs: number }>("/api/account/delete", { method: "POST", body: { password: victim.password } });
    expect(deleted.status).toBe(200);
    // The registrar account's sync, the queued delivery and the check adding the watch queued.
    expect(deleted.body).toEqual({ deleted: true, cancelledJobs: 3 });
    expect(deleted.res.headers.getSetCookie().some((c) => /^session=;/.test(c))).toBe(true);

    // Every table of the schema: no row names the user, and no row reached from the user is left.
    expect(Object.values(await rowsNamingUser(getDb(), held.me)).every((n) => n === 0)).toBe(true);
    const after = await ownedRows(getDb(), held.me);
    expect([...after.keys()]).toEqual(["users"]);
    expect(after.get("users")).toEqual([]);
    expect(await tablesContaining(getDb(), "leaving@example.com")).toEqual([]);
    expect(await tablesContaining(getDb(), "gone-owned.com")).toEqual([]);
    // Their queued jobs are cancelled; the other user's are not.
    expect((await queue.getJob(SYNC_QUEUE, held.syncJob))?.state).toBe("cancelled");
    expect((await queue.getJob(DELIVER_QUEUE, held.deliverJob))?.state).toBe("cancelled");
    expect((await queue.getJob(SYNC_QUEUE, kept.syncJob))?.state).toBe("queued");
    // Signed out everywhere, and the API key stops.
    expect((await as("/api/auth/user")).status).toBe(401);
    expect((await authed(app(), otherSession)("/api/auth/user")).status).toBe(401);
    expect((await app().request("http://localhost/api/currencies", { headers: { authorization: `Bearer ${held.apiKey}` } })).status).toBe(401);
    expect((await formPost(app(), "/api/login", { email: victim.email, password: victim.password })).status).toBe(401);
    // The other user's rows are all there.
    expect(await ownedRows(getDb(), kept.me)).toEqual(new Map([...keptBefore].map(([k, rows]) => [k, k === "sessions" ? expect.any(Array) : rows])));
    expect((await authed(app(), bystander.cookie)("/api/auth/user")).status).toBe(200);
  });

  it("asks for a code when two-step sign-in is on, and never deletes the last administrator", async () => {
    const admin = await registerAdmin(app(), getDb(), { email: "only-admin@example.com" });
    const asAdmin = authed(app(), admin.cookie);
    const refused = await asAdmin<{ message: string }>("/api/account/delete", { method: "POST", body: { password: admin.password } });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(LAST_ADMIN);
    expect((await asAdmin("/api/auth/user")).status).toBe(200);
    // With a second administrator, the first may go.
    await registerAdmin(app(), getDb(), { email: "second-admin@example.com" });
    expect((await asAdmin("/api/account/delete", { method: "POST", body: { password: admin.password } })).status).toBe(200);

    const guarded = await registerUser(app(), { email: "guarded@example.com" });
    const as = authed(app(), guarded.cookie);
    await as("/api/account/two-factor/setup", { method: "POST", body: { password: guarded.password } });
    const { decodeBase32IgnorePadding } = await import("@oslojs/encoding");
    const { generateTOTP } = await import("@oslojs/otp");
    const [row] = await getDb().orm.select().from(getDb().t.userTotp).where(eq(getDb().t.userTotp.userId, (await as<{ id: number }>("/api/auth/user")).body.id));
    const secret = decodeBase32IgnorePadding(cipher.decrypt<string>(row!.secretEncrypted, row!.secretKeyId));
    const enabled = await as<{ recoveryCodes: string[] }>("/api/account/two-factor/enable", { method: "POST", body: { code: generateTOTP(secret, 30, 6), password: guarded.password } });
    const noCode = await as<{ issues: { field: string }[] }>("/api/account/delete", { method: "POST", body: { password: guarded.password } });
    expect(noCode.status).toBe(400);
    expect(noCode.body.issues).toEqual([{ field: "code", message: "Enter a code." }]);
    expect((await as("/api/account/delete", { method: "POST", body: { password: guarded.password, code: enabled.body.recoveryCodes[0] } })).status).toBe(200);
  });
});
