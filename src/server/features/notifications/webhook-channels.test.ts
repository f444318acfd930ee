import { eq } from "drizzle-orm";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { forEachDialect } from "../../../../db/testing/test-db.ts";
import type { JobQueue } from "../../../../jobs/queue.ts";
import { createTestQueue, waitFor } from "../../../../jobs/testing/queue-test-kit.ts";
import { loadConfig } from "../../config.ts";
import { verifyWebhookSignature } from "../../integrations/webhooks/testing/verify-signature.ts";
import { createCredentialCipher } from "../../lib/credential-cipher.ts";
import { createLogger } from "../../lib/logger.ts";
import { createTokenSigner } from "../../lib/signed-token.ts";
import { authed, registerUser } from "../../testing/auth.ts";
import { createTestApp, TEST_APP_SECRET, TEST_ORIGIN } from "../../testing/test-app.ts";
import { channelSenders, registerNotificationJobs } from "./jobs.ts";
import { openWebhookSecret, webhookSender } from "./webhook-sender.ts";

interface Received {
  url: string;
  headers: IncomingMessage["headers"];
  body: string;
}

/** Tests run their receiver on loopback, so their server allows loopback webhooks (and http). */
const LOOPBACK_ENV = { WEBHOOK_ALLOW_PRIVATE: "127.0.0.1:*", WEBHOOK_TIMEOUT_SECONDS: "2" };

forEachDialect("webhook channels", (getDb, _dialect, getTestDb) => {
  const received: Received[] = [];
  let answer: (res: ServerResponse) => void;
  let receiverUrl: string;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ url: req.url!, headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      answer(res);
    });
  });
  let queue: JobQueue;
  const app = (env: Record<string, string> = LOOPBACK_ENV) => createTestApp(getDb(), { env, queue });
  const cipher = createCredentialCipher(TEST_APP_SECRET);
  type LogEntry = { id: number; status: string; lastError: string | null; nextRetryAt: string | null; channel: { id: number } };
  /** The delivery as the owner's log shows it, once the queue's job has finished with it. */
  const settled = async (user: ReturnType<typeof authed>, deliveryId: number) => waitFor(
    async () => (await user<LogEntry[]>("/api/notifications/deliveries")).body.find((d) => d.id === deliveryId),
    (d) => d !== undefined && d.status !== "queued" && d.status !== "sending",
  );
  let alice: ReturnType<typeof authed>;
  let bob: ReturnType<typeof authed>;

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // The real queue and delivery jobs, with the webhook sender as the server wires it (src/server/jobs.ts).
    queue = createTestQueue(getTestDb());
    await queue.start({ work: true });
    const config = loadConfig({ NODE_ENV: "test", APP_SECRET: TEST_APP_SECRET, ...LOOPBACK_ENV });
    const base = { db: getDb(), config, log: createLogger("silent"), signer: createTokenSigner(TEST_APP_SECRET) };
    await registerNotificationJobs(queue, { ...base, senders: channelSenders(base, { webhook: webhookSender(config, cipher) }) });
  });
  afterAll(async () => {
    await queue.stop(1000);
    await new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); });
  });
  beforeEach(async () => {
    received.length = 0;
    answer = (res) => res.end("ok");
    alice = authed(app(), (await registerUser(app())).cookie);
    bob = authed(app(), (await registerUser(app())).cookie);
  });

  type Added = { channel: { id: number; kind: string; url: string; host: string; format: string; enabled: boolean }; secret: string | null };

  it("adds a generic webhook with a secret shown once and stored encrypted, and a test arrives signed with it", async () => {
    const added = await alice<Added>("/api/notifications/webhooks", { method: "POST", body: { url: ` ${receiverUrl}/hooks/tld `, format: "generic" } });
    expect(added.status).toBe(201);
    expect(added.body.channel).toMatchObject({ kind: "webhook", url: `${receiverUrl}/…`, host: new URL(receiverUrl).host, format: "generic", enabled: true });
    const secret = added.body.secret!;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);

    // The list never shows the secret again; the database holds it encrypted, readable with the server's key.
    const overview = await alice<{ channels: Record<string, unknown>[] }>("/api/notifications");
    expect(JSON.stringify(overview.body)).not.toContain(secret);
    const { t } = getDb();
    const [row] = await getDb().orm.select({ secret: t.notificationChannels.secret }).from(t.notificationChannels).where(eq(t.notificationChannels.id, added.body.channel.id));
    expect(row!.secret).not.toContain(secret);
    expect(openWebhookSecret(cipher, row!.secret!)).toBe(secret);

    const test = await alice<{ deliveryId: number }>(`/api/notifications/channels/${added.body.channel.id}/test`, { method: "POST" });
    expect(test.status, JSON.stringify(test.body)).toBe(202);
    expect(await settled(alice, test.body.deliveryId)).toMatchObject({ status: "sent", channel: { id: added.body.channel.id } });
    const got = received[0]!;
    expect(got.url).toBe("/hooks/tld");
    expect(verifyWebhookSignature({ secret, timestamp: got.headers["x-tldscope-timestamp"] as string, signature: got.headers["x-tldscope-signature"] as string, body: got.body })).toEqual({ ok: true });
    expect(JSON.parse(got.body)).toMatchObject({ id: expect.stringMatching(/^notification-\d+$/), type: "test", title: "Test notification from TLDScope" });
  });

  it("adds ntfy and Slack webhooks without a secret, through tRPC too, each sent in its own format", async () => {
    const ntfy = await alice<Added>("/api/notifications/webhooks", { method: "POST", body: { url: `${receiverUrl}/topic`, format: "ntfy" } });
    expect(ntfy.body).toMatchObject({ channel: { format: "ntfy" }, secret: null });
    const slack = await alice<{ result: { data: Added } }>("/trpc/notifications.addWebhook", { method: "POST", body: { url: `${receiverUrl}/services/T/B/x`, format: "slack" } });
    expect(slack.status).toBe(200);
    expect(slack.body.result.data).toMatchObject({ channel: { format: "slack" }, secret: null });
    for (const id of [ntfy.body.channel.id, slack.body.result.data.channel.id]) {
      const test = await alice<{ deliveryId: number }>(`/api/notifications/channels/${id}/test`, { method: "POST" });
      expect(await settled(alice, test.body.deliveryId)).toMatchObject({ status: "sent" });
    }
    expect(received[0]).toMatchObject({ url: "/topic", headers: { title: "Test notification from TLDScope" } });
    expect(received[0]!.body).toMatch(/^This is a test notification/);
    expect(JSON.parse(received[1]!.body).blocks[0].text.text).toMatch(/^\*Test notification from TLDScope\*\nThis is a test notification/);
  });

  it("shows a webhook's URL as its scheme and host only: to a read-only API key, in the delivery log and in the account export", async () => {
    const user = await registerUser(app());
    const owner = authed(app(), user.cookie);
    const host = new URL(receiverUrl).host;
    const secrets = ["SLACK-S3CRET", "DISCORD-S3CRET", "TEAMS-S3CRET", "CHAT-K3Y", "CHAT-T0KEN", "NTFY-T0PIC", "GENERIC-PATH", "GOTIFY-PATH"];
    const hooks: [string, Record<string, string>][] = [
      ["slack", { url: `${receiverUrl}/services/T0/B0/SLACK-S3CRET` }],
      ["discord", { url: `${receiverUrl}/api/webhooks/1/DISCORD-S3CRET` }],
      ["teams", { url: `${receiverUrl}/workflows/1/triggers/manual/paths/invoke?sig=TEAMS-S3CRET` }],
      ["google_chat", { url: `${receiverUrl}/v1/spaces/AAA/messages?key=CHAT-K3Y&token=CHAT-T0KEN` }],
      ["ntfy", { url: `${receiverUrl}/NTFY-T0PIC` }],
      ["generic", { url: `${receiverUrl}/GENERIC-PATH` }],
      ["gotify", { url: `${receiverUrl}/GOTIFY-PATH`, appToken: "AbCdEf.123" }],
    ];
    const ids: number[] = [];
    for (const [format, fields] of hooks) {
      const added = await owner<Added>("/api/notifications/webhooks", { method: "POST", body: { format, ...fields } });
      expect(added.status, format).toBe(201);
      expect(added.body.channel).toMatchObject({ format, url: `${receiverUrl}/…`, host });
      ids.push(added.body.channel.id);
    }
    const test = await owner<{ deliveryId: number }>(`/api/notifications/channels/${ids[0]}/test`, { method: "POST" });
    expect(await settled(owner, test.body.deliveryId)).toMatchObject({ status: "sent" });
    const key = await owner<{ key: string }>("/api/api-keys", { method: "POST", body: { name: "reader", scope: "read", password: user.password } });
    expect(key.status).toBe(201);
    const withKey = async (path: string) => {
      const res = await app().request(`${TEST_ORIGIN}${path}`, { headers: { authorization: `Bearer ${key.body.key}` } });
      expect(res.status, path).toBe(200);
      return res.text();
    };

    const overview = await withKey("/api/notifications");
    const channels = (JSON.parse(overview) as { channels: { url: string | null; host: string | null }[] }).channels;
    expect(channels).toHaveLength(hooks.length);
    for (const c of channels) expect(c).toMatchObject({ url: `${receiverUrl}/…`, host });
    const log = await withKey("/api/notifications/deliveries");
    expect(JSON.parse(log)).toEqual([expect.objectContaining({ channel: expect.objectContaining({ url: `${receiverUrl}/…`, host }) })]);
    const page = (await owner("/trpc/notifications.overview")).text;
    const exported = await owner<{ notifications: { channels: { url: string | null; host: string | null }[] } }>("/api/account/export");
    expect(exported.status).toBe(200);
    expect(exported.body.notifications.channels.map((c) => [c.url, c.host])).toEqual(hooks.map(() => [`${receiverUrl}/…`, host]));
    for (const text of [overview, log, page, exported.text]) {
      for (const secret of secrets) expect(text).not.toContain(secret);
    }
  });

  it("refuses private, loopback and plain-http addresses under the default policy, with the reason, storing nothing", async () => {
    const strict = authed(app({}), (await registerUser(app({}))).cookie);
    const cases: [string, string][] = [
      ["https://10.0.0.5/hook", "Webhook address is a private network address (10.0.0.5 port 443); this server does not send to private addresses"],
      ["https://localhost/hook", "Webhook address resolves to a loopback address"],
      ["https://169.254.169.254/latest", "Webhook address is a link-local address (169.254.169.254); this server never sends to link-local addresses"],
      [`${receiverUrl}/hook`, "Webhook address is a loopback address (127.0.0.1 port"],
      ["https://93.184.215.14:22/hook", "Webhook address uses port 22; this server sends only to ports 80, 443, 8080 and 8443"],
      ["http://93.184.215.14/hook", "Webhook URL must start with https://"],
      ["hooks.example.com", "Webhook URL is not a valid URL (it should look like https://example.com/hook)"],
    ];
    for (const [url, message] of cases) {
      const res = await strict<{ message: string; issues: { field: string; message: string }[] }>("/api/notifications/webhooks", { method: "POST", body: { url, format: "slack" } });
      expect(res.status, url).toBe(400);
      expect(res.body.message).toContain(message);
      expect(res.body.issues[0]).toMatchObject({ field: "url" });
    }
    // A host name's refusal says what kind of address it resolves to, never the address or the port.
    const inside = await strict<{ message: string }>("/api/notifications/webhooks", { method: "POST", body: { url: "https://localhost/hook", format: "slack" } });
    expect(inside.body.message).toBe("Webhook address resolves to a loopback address; this server does not send to loopback addresses unless its operator allows that address and port");
    expect(inside.body.message).not.toMatch(/\d+\.\d+\.\d+\.\d+|::1|port \d/);
    const format = await strict<{ message: string }>("/api/notifications/webhooks", { method: "POST", body: { url: "https://hooks.example.com/x", format: "msteams" } });
    expect(format.status).toBe(400);
    expect(format.body.message).toBe("Invalid format: Format is one of: generic, ntfy, slack, discord, teams, google_chat, telegram, pushover, gotify, matrix, apprise");
    expect((await strict<{ channels: unknown[] }>("/api/notifications")).body.channels).toEqual([]);
    const anonymous = await app().request("http://localhost/api/notifications/webhooks", {
      method: "POST", headers: { origin: "http://localhost", "content-type": "application/json" }, body: JSON.stringify({ url: "https://hooks.example.com/x", format: "slack" }),
    });
    expect(anonymous.status).toBe(401);
  });

  it("a 4xx answer fails the delivery for good, a 5xx schedules a retry; another user cannot test the webhook", async () => {
    const added = await alice<Added>("/api/notifications/webhooks", { method: "POST", body: { url: `${receiverUrl}/gone`, format: "discord" } });
    const id = added.body.channel.id;
    expect((await bob(`/api/notifications/channels/${id}/test`, { method: "POST" })).status).toBe(404);

    answer = (res) => { res.writeHead(404); res.end("Unknown Webhook"); };
    const first = await alice<{ deliveryId: number }>(`/api/notifications/channels/${id}/test`, { method: "POST" });
    expect(await settled(alice, first.body.deliveryId)).toMatchObject({
      // The receiver is on the operator's own network: its words are not repeated to the user.
      status: "failed", nextRetryAt: null, lastError: "The webhook at 127.0.0.1 refused the message (HTTP 404); check the URL",
    });

    answer = (res) => { res.writeHead(503); res.end(); };
    const second = await alice<{ deliveryId: number }>(`/api/notifications/channels/${id}/test`, { method: "POST" });
    const retried = await settled(alice, second.body.deliveryId);
    expect(retried).toMatchObject({ status: "failed", lastError: "The webhook at 127.0.0.1 is unavailable (HTTP 503)" });
    expect(retried!.nextRetryAt).not.toBeNull();
  });
});
