/**
 * How much mail and how many webhook calls users can make the server send on request: a real
 * SMTP server counting mails per recipient and a webhook receiver counting POSTs, on loopback,
 * through the app's REST and tRPC doors, on both databases.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { forEachDialect } from "../../../../db/testing/test-db.ts";
import { waitFor } from "../../../../jobs/testing/queue-test-kit.ts";
import { authed, registerUser } from "../../testing/auth.ts";
import { createTestApp } from "../../testing/test-app.ts";
import { envFor, useMailWorker, userWithConfirmedEmail } from "../../testing/notifications.ts";
import { SEND_LIMITS } from "./send-limits.ts";
import { channelSenders, registerNotificationJobs } from "./jobs.ts";
import { loadConfig } from "../../config.ts";
import { createLogger } from "../../lib/logger.ts";
import { createTokenSigner } from "../../lib/signed-token.ts";
import { createCredentialCipher } from "../../lib/credential-cipher.ts";
import { TEST_APP_SECRET } from "../../testing/test-app.ts";
import { createTestQueue } from "../../../../jobs/testing/queue-test-kit.ts";
import type { JobQueue } from "../../../../jobs/queue.ts";
import { webhookSender } from "./webhook-sender.ts";

type Client = ReturnType<typeof authed>;
type Refusal = { message: string };
let counter = 0;
const address = (what: string) => `${what}-${Date.now()}-${++counter}@example.com`;

const expectRefused = (res: { status: number; res: Response; body: unknown }, message: RegExp) => {
  expect(res.status).toBe(429);
  const retryAfter = Number(res.res.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThan(0);
  expect((res.body as Refusal).message).toMatch(message);
  return retryAfter;
};

forEachDialect("send limits: confirmation mails and test messages", (getDb, _dialect, getTestDb) => {
  const mail = useMailWorker(getDb, getTestDb);
  const newUser = async () => authed(mail.app(), (await registerUser(mail.app())).cookie);
  const add = (client: Client, email: string) => client<{ id: number } & Refusal>("/api/notifications/channels", { method: "POST", body: { email } });
  const remove = (client: Client, id: number) => client(`/api/notifications/channels/${id}`, { method: "DELETE" });

  it(`mails an address that never confirmed at most ${SEND_LIMITS.confirmationsPerAddressPerDay} times a day, however often it is added and removed, and by whomever`, async () => {
    const stranger = address("stranger");
    const mallory = await newUser();
    for (let i = 0; i < SEND_LIMITS.confirmationsPerAddressPerDay; i++) {
      const added = await add(mallory, stranger);
      expect(added.status).toBe(201);
      expect((await remove(mallory, added.body.id)).status).toBe(200);
    }
    const refused = await add(mallory, stranger);
    const wait = expectRefused(refused, new RegExp(`^No more confirmation mails can go to ${stranger.replace(/[.+]/g, "\\$&")} for now: an address that has not confirmed gets at most 3 a day from TLDScope, whoever asks; try again in `));
    // The sliding day (decision 026) lets the next mail go once the estimate of the last 24 hours has room: within two days.
    expect(wait).toBeLessThanOrEqual(48 * 3600);
    // Another account, and the app as another process would run it after a restart, count the same rows.
    const trent = authed(createTestApp(getDb(), { queue: mail.queue, env: envFor(mail.smtp) }), (await registerUser(mail.app())).cookie);
    expectRefused(await add(trent, stranger), /^No more confirmation mails can go to/);
    expect((await trent<{ channels: unknown[] }>("/api/notifications")).body.channels).toEqual([]);
    await new Promise((r) => setTimeout(r, 200));
    expect(mail.smtp.mailsTo(stranger)).toHaveLength(SEND_LIMITS.confirmationsPerAddressPerDay);
  });

  it(`lets one user ask for at most ${SEND_LIMITS.confirmationsPerUserPerHour} confirmation mails an hour, without using up the addresses' own allowance`, async () => {
    const mallory = await newUser();
    for (let i = 0; i < SEND_LIMITS.confirmationsPerUserPerHour; i++) {
      const added = await add(mallory, address("many"));
      expect(added.status).toBe(201);
      await remove(mallory, added.body.id);
    }
    const next = address("eleventh");
    expectRefused(await add(mallory, next), /^You asked for 10 confirmation mails within an hour, the most there can be; try again in \d+ minutes?$/);
    // The refused request counted nothing against the address: someone else can still add it.
    expect((await add(await newUser(), next)).status).toBe(201);
  });

  it(`resends a confirmation mail at most ${SEND_LIMITS.resendsPerChannelPerHour} times an hour, keeping the last link working`, async () => {
    const user = await newUser();
    const email = address("resend");
    const added = await add(user, email);
    for (let i = 0; i < SEND_LIMITS.resendsPerChannelPerHour; i++) {
      expect((await user(`/api/notifications/channels/${added.body.id}/confirmation`, { method: "POST" })).status).toBe(200);
    }
    const refused = await user<Refusal>(`/api/notifications/channels/${added.body.id}/confirmation`, { method: "POST" });
    expectRefused(refused, new RegExp(`^A new confirmation mail can go to ${email.replace(/[.+]/g, "\\$&")} 2 times an hour at most; try again in`));
    const mails = await waitFor(() => mail.smtp.mailsTo(email), (m) => m.length === 1 + SEND_LIMITS.resendsPerChannelPerHour);
    const lastLink = /https?:\/\/\S+\/api\/notifications\/confirm\?token=[a-z2-7]+/.exec(mails.at(-1)!.text ?? "")![0];
    const confirmed = await mail.app().request(`http://localhost${new URL(lastLink).pathname}${new URL(lastLink).search}`, { method: "POST", headers: { origin: "http://localhost" } });
    expect(await confirmed.json()).toMatchObject({ confirmed: true, email, alreadyConfirmed: false });
  });

  it(`sends at most ${SEND_LIMITS.testsPerChannelPerHour} test messages an hour to one address, through REST and tRPC alike`, async () => {
    const owner = await userWithConfirmedEmail(mail.app(), mail.smtp);
    for (let i = 0; i < SEND_LIMITS.testsPerChannelPerHour; i++) {
      expect((await owner.client(`/api/notifications/channels/${owner.channelId}/test`, { method: "POST" })).status).toBe(202);
    }
    expectRefused(await owner.client<Refusal>(`/api/notifications/channels/${owner.channelId}/test`, { method: "POST" }),
      /^A channel can be sent 5 test messages an hour at most; try again in \d+ minutes?$/);
    const viaTrpc = await owner.client<{ error: { message: string; data: { code: string } } }>("/trpc/notifications.sendTest", { method: "POST", body: { id: owner.channelId } });
    expect(viaTrpc.status).toBe(429);
    expect(Number(viaTrpc.res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(viaTrpc.body.error.message).toMatch(/^A channel can be sent 5 test messages an hour at most/);
    const tests = await waitFor(() => mail.smtp.mailsTo(owner.email).filter((m) => m.subject === "Test notification from TLDScope"), (m) => m.length >= 5);
    await new Promise((r) => setTimeout(r, 300));
    expect(mail.smtp.mailsTo(owner.email).filter((m) => m.subject === "Test notification from TLDScope")).toHaveLength(tests.length);
    expect(tests).toHaveLength(SEND_LIMITS.testsPerChannelPerHour);
  });
});

forEachDialect("send limits: webhooks", (getDb, _dialect, getTestDb) => {
  const posts: string[] = [];
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => { posts.push(req.url!); res.end("ok"); });
  });
  const env = { WEBHOOK_ALLOW_PRIVATE: "127.0.0.1:*", WEBHOOK_TIMEOUT_SECONDS: "2" };
  let queue: JobQueue;
  let receiver: string;
  const app = () => createTestApp(getDb(), { env, queue });
  const newUser = async () => authed(app(), (await registerUser(app())).cookie);
  const addHook = (client: Client, url: string) =>
    client<{ channel: { id: number } } & Refusal & { issues?: { field: string }[] }>("/api/notifications/webhooks", { method: "POST", body: { url, format: "ntfy" } });
  const test = (client: Client, id: number) => client<Refusal>(`/api/notifications/channels/${id}/test`, { method: "POST" });

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    receiver = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    queue = createTestQueue(getTestDb());
    await queue.start({ work: true });
    const config = loadConfig({ NODE_ENV: "test", APP_SECRET: TEST_APP_SECRET, ...env });
    const base = { db: getDb(), config, log: createLogger("silent"), signer: createTokenSigner(TEST_APP_SECRET) };
    await registerNotificationJobs(queue, { ...base, senders: channelSenders(base, { webhook: webhookSender(config, createCredentialCipher(TEST_APP_SECRET)) }) });
  });
  afterAll(async () => {
    await queue.stop(1000);
    await new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); });
  });
  beforeEach(() => { posts.length = 0; });

  it("refuses the same webhook URL twice for one user, however it is spelled", async () => {
    const user = await newUser();
    expect((await addHook(user, `${receiver}/dup`)).status).toBe(201);
    const again = await addHook(user, `  ${receiver.replace("http://", "HTTP://")}/dup `);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("This webhook URL is already one of your channels");
    expect(again.body.issues?.[0]).toMatchObject({ field: "url" });
    expect((await user<{ channels: unknown[] }>("/api/notifications")).body.channels).toHaveLength(1);
    // Someone else may send to the same receiver.
    expect((await addHook(await newUser(), `${receiver}/dup`)).status).toBe(201);
  });

  it(`POSTs at most ${SEND_LIMITS.testsPerChannelPerHour} tests an hour to one webhook, and ${SEND_LIMITS.testsPerWebhookUrlPerHour} to one URL whoever asks`, async () => {
    const url = `${receiver}/target-${Date.now()}`;
    const alice = await newUser();
    const aliceHook = (await addHook(alice, url)).body.channel.id;
    for (let i = 0; i < SEND_LIMITS.testsPerChannelPerHour; i++) expect((await test(alice, aliceHook)).status).toBe(202);
    expectRefused(await test(alice, aliceHook), /^A channel can be sent 5 test messages an hour at most/);

    const bob = await newUser();
    const bobHook = (await addHook(bob, url)).body.channel.id;
    for (let i = 0; i < SEND_LIMITS.testsPerWebhookUrlPerHour - SEND_LIMITS.testsPerChannelPerHour; i++) expect((await test(bob, bobHook)).status).toBe(202);
    const carol = await newUser();
    const carolHook = (await addHook(carol, url)).body.channel.id;
    expectRefused(await test(carol, carolHook), /^This webhook address was sent 10 test messages within an hour, the most it gets from TLDScope; try again in/);

    const path = new URL(url).pathname;
    await waitFor(() => posts.filter((p) => p === path), (p) => p.length === SEND_LIMITS.testsPerWebhookUrlPerHour);
    await new Promise((r) => setTimeout(r, 300));
    expect(posts.filter((p) => p === path)).toHaveLength(SEND_LIMITS.testsPerWebhookUrlPerHour);
  });

  it(`lets one user send at most ${SEND_LIMITS.testsPerUserPerHour} tests an hour over all their webhooks`, async () => {
    const user = await newUser();
    const hooks: number[] = [];
    for (let i = 0; i < 5; i++) hooks.push((await addHook(user, `${receiver}/mine-${Date.now()}-${i}`)).body.channel.id);
    let sent = 0;
    for (const id of hooks) {
      for (let i = 0; i < SEND_LIMITS.testsPerChannelPerHour && sent < SEND_LIMITS.testsPerUserPerHour; i++, sent++) expect((await test(user, id)).status).toBe(202);
    }
    expectRefused(await test(user, hooks.at(-1)!), /^You sent 20 test messages within an hour, the most there can be; try again in/);
  });
});
