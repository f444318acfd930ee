import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { forEachDialect } from "../../../../db/testing/test-db.ts";
import type { JobQueue } from "../../../../jobs/queue.ts";
import { createTestQueue, waitFor } from "../../../../jobs/testing/queue-test-kit.ts";
import { loadConfig } from "../../config.ts";
import { FAKE, startServiceFake, type ServiceFake } from "../../integrations/webhooks/testing/service-fakes.ts";
import { createCredentialCipher } from "../../lib/credential-cipher.ts";
import { createLogger } from "../../lib/logger.ts";
import { createTokenSigner } from "../../lib/signed-token.ts";
import { authed, registerAdmin, registerUser } from "../../testing/auth.ts";
import { createTestApp, TEST_APP_SECRET } from "../../testing/test-app.ts";
import { channelSenders, registerNotificationJobs } from "./jobs.ts";
import { openServiceCredentials, webhookSender } from "./webhook-sender.ts";

type Added = { channel: { id: number; kind: string; url: string | null; format: string; target: string | null; enabled: boolean }; secret: string | null };
type Refusal = { message: string; issues?: { field: string; message: string }[] };
type LogEntry = { id: number; status: string; lastError: string | null; nextRetryAt: string | null; channel: { id: number } };

forEachDialect("chat and push service channels", (getDb, _dialect, getTestDb) => {
  let telegram: ServiceFake;
  let pushover: ServiceFake;
  let matrix: ServiceFake;
  let apprise: ServiceFake;
  let queue: JobQueue;
  let env: Record<string, string>;
  const app = () => createTestApp(getDb(), { env, queue });
  const cipher = createCredentialCipher(TEST_APP_SECRET);
  const settled = async (user: ReturnType<typeof authed>, deliveryId: number) => waitFor(
    async () => (await user<LogEntry[]>("/api/notifications/deliveries")).body.find((d) => d.id === deliveryId),
    (d) => d !== undefined && d.status !== "queued" && d.status !== "sending",
  );
  let alice: ReturnType<typeof authed>;
  let bob: ReturnType<typeof authed>;
  const add = (user: ReturnType<typeof authed>, body: Record<string, unknown>) => user<Added & Refusal>("/api/notifications/webhooks", { method: "POST", body });
  const testSend = async (user: ReturnType<typeof authed>, id: number) => {
    const res = await user<{ deliveryId: number }>(`/api/notifications/channels/${id}/test`, { method: "POST" });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    return settled(user, res.body.deliveryId);
  };
  const telegramBody = { format: "telegram", botToken: FAKE.telegramToken, chatId: FAKE.telegramChat };

  beforeAll(async () => {
    [telegram, pushover, matrix, apprise] = await Promise.all([startServiceFake("telegram"), startServiceFake("pushover"), startServiceFake("matrix"), startServiceFake("apprise")]);
    // Telegram and Pushover are reached at the configured addresses; the user-given servers (Matrix, Apprise) on loopback need the operator's allowance.
    env = { TELEGRAM_API_URL: telegram.url, PUSHOVER_API_URL: pushover.url, WEBHOOK_ALLOW_PRIVATE: "127.0.0.1:*", WEBHOOK_TIMEOUT_SECONDS: "5" };
    queue = createTestQueue(getTestDb());
    await queue.start({ work: true });
    const config = loadConfig({ NODE_ENV: "test", APP_SECRET: TEST_APP_SECRET, ...env });
    const base = { db: getDb(), config, log: createLogger("silent"), signer: createTokenSigner(TEST_APP_SECRET) };
    await registerNotificationJobs(queue, { ...base, senders: channelSenders(base, { webhook: webhookSender(config, cipher) }) });
  });
  afterAll(async () => {
    await queue.stop(1000);
    await Promise.all([telegram, pushover, matrix, apprise].map((f) => f.close()));
  });
  beforeEach(async () => {
    alice = authed(app(), (await registerUser(app())).cookie);
    bob = authed(app(), (await registerUser(app())).cookie);
  });

  it("adds a Telegram channel whose token is stored encrypted and never shown, and a test reaches the chat", async () => {
    const added = await add(alice, telegramBody);
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body).toMatchObject({ channel: { kind: "webhook", format: "telegram", url: null, target: FAKE.telegramChat, enabled: true }, secret: null });
    expect(JSON.stringify(added.body)).not.toContain(FAKE.telegramToken);
    const { t } = getDb();
    const [row] = await getDb().orm.select({ secret: t.notificationChannels.secret }).from(t.notificationChannels).where(eq(t.notificationChannels.id, added.body.channel.id));
    expect(row!.secret).not.toContain("AAHdq");
    expect(openServiceCredentials(cipher, row!.secret!)).toEqual({ botToken: FAKE.telegramToken });

    const before = telegram.delivered.length;
    expect(await testSend(alice, added.body.channel.id)).toMatchObject({ status: "sent", lastError: null });
    const got = telegram.delivered.slice(before);
    expect(got).toHaveLength(1);
    expect(got[0]!.fields).toMatchObject({ chat_id: FAKE.telegramChat, parse_mode: "HTML" });
    expect(got[0]!.fields.text).toMatch(/^<b>Test notification from TLDScope<\/b>\n\nThis is a test notification/);

    const overview = await alice<unknown>("/api/notifications");
    const log = await alice<unknown>("/api/notifications/deliveries");
    for (const body of [overview.body, log.body]) expect(JSON.stringify(body)).not.toContain("AAHdq");
  });

  it("refuses a malformed bot token, chat id, room id, user key and URL with a 400 naming the field, storing nothing", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...telegramBody, botToken: "not-a-token" }, "botToken", "This is not a Telegram bot token"],
      [{ ...telegramBody, botToken: "" }, "botToken", "Enter the bot token BotFather gave you"],
      [{ ...telegramBody, chatId: "my chat" }, "chatId", "A chat id is a number"],
      [{ format: "matrix", url: matrix.url, roomId: "#room:matrix.example", accessToken: FAKE.matrixToken }, "roomId", "A Matrix room id starts with !"],
      [{ format: "pushover", appToken: FAKE.pushoverToken, userKey: "short" }, "userKey", "A Pushover user or group key is 30 letters and digits"],
      [{ format: "gotify", url: "gotify.example.com", appToken: "abc" }, "url", "Webhook URL is not a valid URL"],
      [{ format: "apprise", url: apprise.url }, "key", "Enter the Apprise configuration key, or the Apprise URLs to notify"],
    ];
    for (const [body, field, message] of cases) {
      const res = await add(alice, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.issues?.find((i) => i.field === field)?.message ?? res.body.message, JSON.stringify(body)).toContain(message);
    }
    expect((await alice<{ channels: unknown[] }>("/api/notifications")).body.channels).toEqual([]);
  });

  it("refuses the same Telegram chat or Matrix room twice, but takes two rooms on one homeserver", async () => {
    expect((await add(alice, telegramBody)).status).toBe(201);
    const again = await add(alice, { ...telegramBody, botToken: "987654321:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsab" });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(`Telegram chat ${FAKE.telegramChat} is already one of your channels`);
    // Another user's channel to the same chat is theirs to have.
    expect((await add(bob, telegramBody)).status).toBe(201);

    const room = { format: "matrix", url: matrix.url, roomId: FAKE.matrixRoom, accessToken: FAKE.matrixToken };
    expect((await add(alice, room)).status).toBe(201);
    expect((await add(alice, { ...room, roomId: "!second:matrix.example" })).status).toBe(201);
    expect((await add(alice, room)).status).toBe(409);
  });

  it("sends to a Matrix room once per delivery, and a room the bot is not in fails for good", async () => {
    const added = await add(alice, { format: "matrix", url: `${matrix.url}/`, roomId: FAKE.matrixRoom, accessToken: FAKE.matrixToken });
    const before = matrix.delivered.length;
    expect(await testSend(alice, added.body.channel.id)).toMatchObject({ status: "sent" });
    expect(matrix.delivered.length).toBe(before + 1);
    expect(matrix.delivered.at(-1)!.path).toMatch(new RegExp(`/send/m\\.room\\.message/tldscope-${added.body.channel.id}-notification-\\d+$`));

    const outside = await add(alice, { format: "matrix", url: matrix.url, roomId: "!elsewhere:matrix.example", accessToken: FAKE.matrixToken });
    expect(await testSend(alice, outside.body.channel.id)).toMatchObject({
      status: "failed", nextRetryAt: null, lastError: "Matrix at 127.0.0.1 refused the message (HTTP 403); check the channel's settings",
    });
  });

  it("quotes Telegram's and Pushover's refusals in the log, fails them for good, and retries an outage", async () => {
    const wrongChat = await add(alice, { ...telegramBody, chatId: "-100123" });
    const failed = await testSend(alice, wrongChat.body.channel.id);
    expect(failed).toMatchObject({ status: "failed", nextRetryAt: null });
    expect(failed!.lastError).toBe("Telegram at 127.0.0.1 refused the message (HTTP 400): Bad Request: chat not found; check the channel's settings");
    // Administrators see the failure named by its receiver, not as an unreadable address.
    const admin = authed(app(), (await registerAdmin(app(), getDb())).cookie);
    const failures = await admin<{ deliveries: { id: number; channel: { kind: string; label: string } }[] }>("/api/admin/notification-deliveries");
    expect(failures.body.deliveries.find((d) => d.id === failed!.id)?.channel).toEqual({ kind: "webhook", label: "telegram -100123" });

    const push = await add(alice, { format: "pushover", appToken: FAKE.pushoverToken, userKey: "uQiRzpo4DXghDmr9QzzfQu27cmVXXX" });
    expect(push.body.channel.target).toBe("…VXXX");
    expect((await testSend(alice, push.body.channel.id))!.lastError).toContain("user identifier is not a valid user, group, or subscribed user key");

    const good = await add(alice, telegramBody);
    telegram.fail(1, 502);
    const retried = await testSend(alice, good.body.channel.id);
    expect(retried).toMatchObject({ status: "failed", lastError: "Telegram at 127.0.0.1 is unavailable (HTTP 502): Service Unavailable" });
    expect(retried!.nextRetryAt).not.toBeNull();
  });

  it("sends to an Apprise configuration key, and another user can neither test nor remove the channel", async () => {
    const added = await add(alice, { format: "apprise", url: apprise.url, key: FAKE.appriseKey });
    expect(added.body.channel).toMatchObject({ format: "apprise", target: FAKE.appriseKey });
    expect(await testSend(alice, added.body.channel.id)).toMatchObject({ status: "sent" });
    expect(apprise.delivered.at(-1)).toMatchObject({ path: `/notify/${FAKE.appriseKey}` });
    expect((await bob(`/api/notifications/channels/${added.body.channel.id}/test`, { method: "POST" })).status).toBe(404);
    expect((await bob(`/api/notifications/channels/${added.body.channel.id}`, { method: "DELETE" })).status).toBe(404);
    expect((await alice(`/api/notifications/channels/${added.body.channel.id}`, { method: "DELETE" })).status).toBe(200);
  });

  it("holds user-given servers to the address policy: without the operator's allowance a loopback Matrix server is refused", async () => {
    const strictEnv = { TELEGRAM_API_URL: telegram.url, PUSHOVER_API_URL: pushover.url };
    const strictApp = () => createTestApp(getDb(), { env: strictEnv, queue });
    const carol = authed(strictApp(), (await registerUser(strictApp())).cookie);
    const res = await carol<Refusal>("/api/notifications/webhooks", { method: "POST", body: { format: "matrix", url: matrix.url, roomId: FAKE.matrixRoom, accessToken: FAKE.matrixToken } });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain("Webhook address is a loopback address (127.0.0.1 port");
    // The operator's own Telegram address is not a user's to aim: it is taken as configured.
    expect((await carol<Added>("/api/notifications/webhooks", { method: "POST", body: telegramBody })).status).toBe(201);
  });

  it("limits test sends to one Telegram chat, whoever asks", async () => {
    const ids: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const user = i === 0 ? alice : authed(app(), (await registerUser(app())).cookie);
      const added = await add(user, { ...telegramBody, chatId: "777000" });
      ids.push(added.body.channel.id);
      for (let n = 0; n < (i < 2 ? 5 : 0); n += 1) {
        expect((await user(`/api/notifications/channels/${added.body.channel.id}/test`, { method: "POST" })).status).toBe(202);
      }
      if (i === 2) {
        const refused = await user<Refusal>(`/api/notifications/channels/${added.body.channel.id}/test`, { method: "POST" });
        expect(refused.status).toBe(429);
        expect(refused.body.message).toMatch(/^This webhook address was sent 10 test messages within an hour/);
      }
    }
  });
});
