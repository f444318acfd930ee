import { eq } from "drizzle-orm";
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { forEachDialect } from "../../../../db/testing/test-db.ts";
import { retryBackoffMs, type JobQueue } from "../../../../jobs/queue.ts";
import { createTestQueue, waitFor } from "../../../../jobs/testing/queue-test-kit.ts";
import { loadConfig } from "../../config.ts";
import { createCredentialCipher } from "../../lib/credential-cipher.ts";
import { createLogger } from "../../lib/logger.ts";
import { createTokenSigner } from "../../lib/signed-token.ts";
import { authed, registerAdmin, registerUser } from "../../testing/auth.ts";
import { createTestApp, TEST_APP_SECRET, TEST_ORIGIN } from "../../testing/test-app.ts";
import { DELIVERY_RETRY_DELAY_SECONDS } from "./deps.ts";
import { channelSenders, registerNotificationJobs } from "./jobs.ts";
import { webhookSender } from "./webhook-sender.ts";

/** The receiver runs on loopback, so this server allows loopback webhooks (and http). */
const LOOPBACK_ENV = { WEBHOOK_ALLOW_PRIVATE: "127.0.0.1:*", WEBHOOK_TIMEOUT_SECONDS: "2" };
/** The path of a webhook URL often is its credential (Slack, Discord): it must never reach the admin list. */
const TOKEN_PATH = "/hooks/T0KEN-path-secret?key=query-secret";

interface Failure {
  id: number; status: string; at: string; kind: string; title: string; channel: { kind: string; label: string };
  userEmail: string; attempts: number; lastError: string | null; nextRetryAt: string | null;
}
interface FailurePage {
  deliveries: Failure[]; counts: { failed: number; givenUp: number; stuck: number };
  page: number; pageSize: number; total: number; totalPages: number;
}

forEachDialect("notification delivery failures for administrators", (getDb, _dialect, getTestDb) => {
  let answer: (res: ServerResponse) => void = (res) => res.end("ok");
  const receiver = createServer((req, res) => {
    req.resume();
    req.on("end", () => answer(res));
  });
  let host: string;
  let queue: JobQueue;
  const app = () => createTestApp(getDb(), { env: LOOPBACK_ENV, queue });
  type Client = ReturnType<typeof authed>;
  let admin: Client;
  let alice: Client;
  let aliceEmail: string;
  let channelId: number;
  const ids: Record<"refused" | "unavailable" | "stuck" | "sendingNow", number> = { refused: 0, unavailable: 0, stuck: 0, sendingNow: 0 };

  const sendTest = async () => (await alice<{ deliveryId: number }>(`/api/notifications/channels/${channelId}/test`, { method: "POST" })).body.deliveryId;
  const settled = (deliveryId: number) => waitFor(
    async () => (await alice<{ id: number; status: string }[]>("/api/notifications/deliveries")).body.find((d) => d.id === deliveryId),
    (d) => d !== undefined && d.status !== "queued" && d.status !== "sending",
  );

  beforeAll(async () => {
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    host = `127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    queue = createTestQueue(getTestDb());
    await queue.start({ work: true });
    const config = loadConfig({ NODE_ENV: "test", APP_SECRET: TEST_APP_SECRET, ...LOOPBACK_ENV });
    const base = { db: getDb(), config, log: createLogger("silent"), signer: createTokenSigner(TEST_APP_SECRET) };
    await registerNotificationJobs(queue, { ...base, senders: channelSenders(base, { webhook: webhookSender(config, createCredentialCipher(TEST_APP_SECRET)) }) });

    admin = authed(app(), (await registerAdmin(app(), getDb())).cookie);
    const user = await registerUser(app());
    aliceEmail = user.email;
    alice = authed(app(), user.cookie);
    const added = await alice<{ channel: { id: number } }>("/api/notifications/webhooks", { method: "POST", body: { url: `http://${host}${TOKEN_PATH}`, format: "generic" } });
    expect(added.status).toBe(201);
    channelId = added.body.channel.id;

    // Delivered fine, then left "sending" by a sender that died two hours ago / one claimed a minute ago.
    for (const [name, minutesAgo] of [["stuck", 120], ["sendingNow", 1]] as const) {
      ids[name] = await sendTest();
      await settled(ids[name]);
      const d = getDb().t.notificationDeliveries;
      await getDb().orm.update(d).set({ status: "sending", sentAt: null, claimedAt: new Date(Date.now() - minutesAgo * 60_000) }).where(eq(d.id, ids[name]));
    }
    // A receiver refusing the message (given up), then one unavailable (retried later).
    answer = (res) => { res.writeHead(404); res.end("Unknown Webhook"); };
    ids.refused = await sendTest();
    await settled(ids.refused);
    answer = (res) => { res.writeHead(503); res.end(); };
    ids.unavailable = await sendTest();
    await settled(ids.unavailable);
  }, 60_000);
  afterAll(async () => {
    await queue.stop(1000);
    await new Promise<void>((resolve) => { receiver.closeAllConnections(); receiver.close(() => resolve()); });
  });

  it("shows an administrator every failed and stuck delivery, the latest attempt first, with its error and the webhook's host only", async () => {
    const res = await admin<FailurePage>("/api/admin/notification-deliveries");
    expect(res.status, res.text).toBe(200);
    expect(res.res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.body.deliveries.map((d) => d.id)).toEqual([ids.unavailable, ids.refused, ids.stuck]);
    const [unavailable, refused, stuck] = res.body.deliveries;
    expect(refused).toMatchObject({
      status: "failed", kind: "test", title: "Test notification from TLDScope", channel: { kind: "webhook", label: host },
      userEmail: aliceEmail, attempts: 1, nextRetryAt: null,
      lastError: "The webhook at 127.0.0.1 refused the message (HTTP 404); check the URL",
    });
    expect(unavailable).toMatchObject({ status: "failed", lastError: "The webhook at 127.0.0.1 is unavailable (HTTP 503)" });
    expect(Date.parse(unavailable!.nextRetryAt!)).toBeGreaterThan(Date.now());
    // When the queue starts its second attempt: the queue's own backoff after one failed attempt.
    expect(Date.parse(unavailable!.nextRetryAt!) - Date.now()).toBeLessThanOrEqual(retryBackoffMs(DELIVERY_RETRY_DELAY_SECONDS, 0));
    expect(stuck).toMatchObject({ status: "stuck", nextRetryAt: null });
    expect(Date.now() - Date.parse(stuck!.at)).toBeGreaterThan(60 * 60_000);
    expect(res.body.counts).toEqual({ failed: 2, givenUp: 1, stuck: 1 });
    expect(res.body).toMatchObject({ page: 1, pageSize: 20, total: 3, totalPages: 1 });
    expect(res.text).not.toContain("T0KEN");
    expect(res.text).not.toContain("query-secret");
    expect(res.text).not.toContain("whsec_");
  });

  it("pages in SQL, through REST and tRPC alike", async () => {
    const second = await admin<FailurePage>("/api/admin/notification-deliveries?page=2&pageSize=1");
    expect(second.body.deliveries.map((d) => d.id)).toEqual([ids.refused]);
    expect(second.body).toMatchObject({ page: 2, pageSize: 1, total: 3, totalPages: 3 });
    const input = encodeURIComponent(JSON.stringify({ page: 3, pageSize: 1 }));
    const trpc = await admin<{ result: { data: FailurePage } }>(`/trpc/notifications.adminFailures?input=${input}`);
    expect(trpc.status, trpc.text).toBe(200);
    expect(trpc.body.result.data.deliveries.map((d) => d.id)).toEqual([ids.stuck]);
  });

  it("refuses anyone but an administrator: 403 signed in, 401 signed out", async () => {
    expect((await alice("/api/admin/notification-deliveries")).status).toBe(403);
    expect((await alice("/trpc/notifications.adminFailures?input=%7B%7D")).status).toBe(403);
    expect((await app().request(`${TEST_ORIGIN}/api/admin/notification-deliveries`)).status).toBe(401);
    expect((await app().request(`${TEST_ORIGIN}/trpc/notifications.adminFailures?input=%7B%7D`)).status).toBe(401);
  });

  it("answers bad paging with a 400 naming the field", async () => {
    const cases: [string, string][] = [
      ["pageSize=101", "pageSize must be a whole number from 1 to 100"],
      ["pageSize=0", "pageSize must be a whole number from 1 to 100"],
      ["page=0", "page must be a whole number from 1"],
      ["page=abc", "page must be a whole number from 1"],
      ["pageSize=2.5", "pageSize must be a whole number from 1 to 100"],
    ];
    for (const [query, message] of cases) {
      const res = await admin<{ message: string; issues: { field: string; message: string }[] }>(`/api/admin/notification-deliveries?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.message, query).toContain(message);
    }
  });
});
