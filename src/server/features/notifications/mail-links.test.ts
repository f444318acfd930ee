/**
 * The links in mails, as their recipients and their mail scanners use them: the confirmation link
 * confirms only on POST, the confirmation mail's one-click unsubscribe stops a stranger's inbox
 * for good, unsubscribe tokens pass only as the server wrote them and only for the channel's
 * current generation, and a mail server's failure is never shown in its own words. A real SMTP
 * server on loopback, the app's REST doors, both databases.
 */
import { expect, it } from "vitest";
import { forEachDialect } from "../../../../db/testing/test-db.ts";
import { waitFor } from "../../../../jobs/testing/queue-test-kit.ts";
import { createLogger } from "../../lib/logger.ts";
import { createTokenSigner } from "../../lib/signed-token.ts";
import { authed, registerUser } from "../../testing/auth.ts";
import { startSmtpFake } from "../../testing/smtp-fake.ts";
import { createTestApp, TEST_APP_SECRET, TEST_ORIGIN } from "../../testing/test-app.ts";
import { APP_URL, confirmLinkFor, envFor, MAIL_FROM, useMailWorker, userWithConfirmedEmail } from "../../testing/notifications.ts";

let counter = 0;
const address = (what: string) => `${what}-${Date.now()}-${++counter}@example.com`;
const local = (link: string) => `${TEST_ORIGIN}${new URL(link).pathname}${new URL(link).search}`;
const headerOf = (mail: { headerLines: readonly { key: string; line: string }[] }, key: string) =>
  mail.headerLines.find((h) => h.key === key)?.line.replace(/\r?\n\s+/g, " ").replace(/^[^:]+:\s*/, "");

forEachDialect("links in notification mails", (getDb, _dialect, getTestDb) => {
  const mail = useMailWorker(getDb, getTestDb);
  const newUser = async () => authed(mail.app(), (await registerUser(mail.app())).cookie);
  /** A mail provider's one-click POST: no session, no Origin, the RFC 8058 body. */
  const oneClick = (url: string) => mail.app().request(local(url), {
    method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=One-Click",
  });

  it("confirms an address only on POST: opening the link (GET, or HEAD as mail scanners do) shows one button and changes nothing", async () => {
    const user = await newUser();
    const email = address("scanned");
    const added = await user<{ id: number }>("/api/notifications/channels", { method: "POST", body: { email } });
    const link = local(await confirmLinkFor(mail.smtp, email));

    expect((await mail.app().request(link, { method: "HEAD" })).status).toBe(200);
    const page = await mail.app().request(link, { headers: { accept: "text/html" } });
    const html = await page.text();
    expect(html).toContain("Confirm your address");
    expect(html.match(/<form /g)).toHaveLength(1);
    expect(html).toMatch(/<form method="post" action="\/api\/notifications\/confirm\?token=[a-z2-7]+">\s*<button type="submit">Confirm<\/button>/);
    expect(await (await mail.app().request(link)).json()).toEqual({ confirmed: false, email, message: "Send a POST to this URL to confirm" });
    const before = (await user<{ channels: { id: number; confirmed: boolean }[] }>("/api/notifications")).body.channels;
    expect(before.find((c) => c.id === added.body.id)).toMatchObject({ confirmed: false });

    const confirmed = await mail.app().request(link, { method: "POST", headers: { origin: TEST_ORIGIN, accept: "text/html" } });
    expect(await confirmed.text()).toContain("now receives your TLDScope notifications");
    const after = (await user<{ channels: { id: number; confirmed: boolean }[] }>("/api/notifications")).body.channels;
    expect(after.find((c) => c.id === added.body.id)).toMatchObject({ confirmed: true });

    // Used again, the link says it already worked, whether opened or posted.
    const again = await mail.app().request(link, { headers: { accept: "text/html" } });
    expect(again.status).toBe(200);
    expect(await again.text()).toContain("Already confirmed");
    expect(await (await mail.app().request(link, { method: "POST", headers: { origin: TEST_ORIGIN } })).json()).toEqual({ confirmed: true, email, alreadyConfirmed: true });
  });

  it("gives the confirmation mail a one-click unsubscribe with which a stranger stops every later mail, whoever asks, until they allow it again", async () => {
    const stranger = address("stranger");
    const mallory = await newUser();
    const first = await mallory<{ id: number }>("/api/notifications/channels", { method: "POST", body: { email: stranger } });
    expect(first.status).toBe(201);
    const [confirmation] = await waitFor(() => mail.smtp.mailsTo(stranger), (m) => m.length === 1);
    expect(headerOf(confirmation!, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    const unsubscribeUrl = /^<(https:\/\/[^>]+)>$/.exec(headerOf(confirmation!, "list-unsubscribe")!)![1]!;
    expect(unsubscribeUrl.startsWith(`${APP_URL}/api/notifications/unsubscribe?token=`)).toBe(true);
    expect(confirmation!.text).toContain(`Get no more mail from TLDScope at this address, whoever asks: ${unsubscribeUrl}`);

    const ask = await mail.app().request(local(unsubscribeUrl), { headers: { accept: "text/html" } });
    expect(await ask.text()).toContain("Stop all mail");
    const stopped = await oneClick(unsubscribeUrl);
    expect(stopped.status).toBe(200);
    expect(await stopped.json()).toEqual({ unsubscribed: true, email: stranger });

    const refusal = `${stranger} asked to get no mail from TLDScope, so no confirmation mail can be sent to it. If it is your address, open the unsubscribe link of the mail it got from us and allow mail again`;
    const resent = await mallory<{ message: string }>(`/api/notifications/channels/${first.body.id}/confirmation`, { method: "POST" });
    expect(resent).toMatchObject({ status: 409, body: { message: refusal } });
    const other = await newUser();
    expect(await other<{ message: string }>("/api/notifications/channels", { method: "POST", body: { email: stranger.toUpperCase() } })).toMatchObject({ status: 409, body: { message: refusal } });
    await new Promise((r) => setTimeout(r, 200));
    expect(mail.smtp.mailsTo(stranger)).toHaveLength(1);

    // The stranger changes their mind from the same link.
    const page = await (await mail.app().request(local(unsubscribeUrl), { headers: { accept: "text/html" } })).text();
    expect(page).toContain("gets no mail from TLDScope");
    const allowed = await mail.app().request(`${TEST_ORIGIN}/api/notifications/resubscribe?token=${new URL(unsubscribeUrl).searchParams.get("token")!}`, { method: "POST", headers: { origin: TEST_ORIGIN } });
    expect(await allowed.json()).toEqual({ allowed: true, email: stranger });
    expect((await other("/api/notifications/channels", { method: "POST", body: { email: stranger } })).status).toBe(201);
    await waitFor(() => mail.smtp.mailsTo(stranger), (m) => m.length === 2);
  });

  it("accepts an unsubscribe token only exactly as the server wrote it", async () => {
    const owner = await userWithConfirmedEmail(mail.app(), mail.smtp);
    await owner.client(`/api/notifications/channels/${owner.channelId}/test`, { method: "POST" });
    const [test] = await waitFor(() => mail.smtp.mailsTo(owner.email).filter((m) => m.subject === "Test notification from TLDScope"), (m) => m.length === 1);
    const url = new URL(/^<([^>]+)>$/.exec(headerOf(test!, "list-unsubscribe")!)![1]!);
    const token = url.searchParams.get("token")!;
    const [value, signature] = token.split("~") as [string, string];
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    // The 43rd character of an unpadded base64url SHA-256 carries 2 unused bits: the next
    // character of the alphabet decodes to the very same bytes.
    const sibling = alphabet[alphabet.indexOf(signature.at(-1)!) + 1]!;
    const standard = signature.replace(/-/g, "+").replace(/_/g, "/");
    const altered = [
      `${token}=`,
      standard === signature ? `${token}==` : `${value}~${standard}`,
      `${token} `,
      `${value}~${signature.slice(0, -1)}${sibling}`,
      `${value}~ ${signature}`,
      `${value}~${signature}AA`,
    ];
    expect(Buffer.from(`${signature.slice(0, -1)}${sibling}`, "base64url")).toEqual(Buffer.from(signature, "base64url"));
    for (const form of altered) {
      const res = await mail.app().request(`${TEST_ORIGIN}/api/notifications/unsubscribe?token=${encodeURIComponent(form)}`, { method: "POST" });
      expect(res.status, form).toBe(400);
      expect(await res.json()).toEqual({ message: "This unsubscribe link is not valid: open the whole link from the mail" });
    }
    const list = (await owner.client<{ channels: { id: number; enabled: boolean }[] }>("/api/notifications")).body.channels;
    expect(list.find((c) => c.id === owner.channelId)).toMatchObject({ enabled: true });
    expect((await oneClick(url.href)).status).toBe(200);
  });

  it("binds an unsubscribe link to the channel's generation: after the owner turns the address on again, an older mail's link cannot turn it off", async () => {
    const owner = await userWithConfirmedEmail(mail.app(), mail.smtp);
    const unsubscribeLinkOf = async (n: number) => {
      await owner.client(`/api/notifications/channels/${owner.channelId}/test`, { method: "POST" });
      const tests = await waitFor(() => mail.smtp.mailsTo(owner.email).filter((m) => m.subject === "Test notification from TLDScope"), (m) => m.length === n);
      return /^<([^>]+)>$/.exec(headerOf(tests.at(-1)!, "list-unsubscribe")!)![1]!;
    };
    const enabled = async () => (await owner.client<{ channels: { id: number; enabled: boolean }[] }>("/api/notifications")).body.channels.find((c) => c.id === owner.channelId)!.enabled;
    const old = await unsubscribeLinkOf(1);
    expect((await oneClick(old)).status).toBe(200);
    expect(await enabled()).toBe(false);
    expect((await owner.client(`/api/notifications/channels/${owner.channelId}`, { method: "PATCH", body: { enabled: true } })).status).toBe(200);

    const replayed = await oneClick(old);
    expect(replayed.status).toBe(409);
    expect(await replayed.json()).toEqual({ message: "This unsubscribe link is from an older mail: the address was turned on again since. Use the link in a newer mail, or the notification settings" });
    expect(await enabled()).toBe(true);

    const fresh = await unsubscribeLinkOf(2);
    expect(fresh).not.toBe(old);
    expect((await oneClick(fresh)).status).toBe(200);
    expect(await enabled()).toBe(false);
  });

  it("still honours the links of mails sent before tokens carried a generation, until the channel is turned on again", async () => {
    const owner = await userWithConfirmedEmail(mail.app(), mail.smtp);
    const legacy = createTokenSigner(TEST_APP_SECRET).sign("notifications-unsubscribe", `channel:${owner.channelId}`);
    expect((await oneClick(`${APP_URL}/api/notifications/unsubscribe?token=${encodeURIComponent(legacy)}`)).status).toBe(200);
    await owner.client(`/api/notifications/channels/${owner.channelId}`, { method: "PATCH", body: { enabled: true } });
    expect((await oneClick(`${APP_URL}/api/notifications/unsubscribe?token=${encodeURIComponent(legacy)}`)).status).toBe(409);
  });
});

forEachDialect("mail server failures", (getDb) => {
  /** The app with its own SMTP_URL and a logger whose lines the test reads. */
  const appWith = (smtpUrl: string) => {
    const lines: string[] = [];
    const log = createLogger("warn", false, { write: (line: string) => { lines.push(line); } });
    const app = createTestApp(getDb(), { log, env: { ...envFor(null), SMTP_URL: smtpUrl, MAIL_FROM } });
    return { app, lines };
  };

  it("says the confirmation mail could not be sent, and keeps the mail server's words for the log", async () => {
    const smtp = await startSmtpFake(0, { refuseSignIn: true });
    try {
      const { app, lines } = appWith(smtp.url.replace("smtp://", "smtp://smtpuser:wrong-password@"));
      const client = authed(app, (await registerUser(app)).cookie);
      const added = await client<{ message: string }>("/api/notifications/channels", { method: "POST", body: { email: address("auth") } });
      expect(added).toMatchObject({ status: 503, body: { message: "The confirmation mail could not be sent right now; try again later" } });
      expect(added.text).not.toMatch(/535|smtpuser|Authentication/);
      expect((await client<{ channels: unknown[] }>("/api/notifications")).body.channels).toEqual([]);
      expect(lines.join("\n")).toMatch(/"responseCode":535.*Authentication failed for user smtpuser/);
    } finally {
      await smtp.close();
    }
    const closed = await startSmtpFake();
    await closed.close();
    const { app } = appWith(closed.url);
    const client = authed(app, (await registerUser(app)).cookie);
    const refused = await client<{ message: string }>("/api/notifications/channels", { method: "POST", body: { email: address("closed") } });
    expect(refused).toMatchObject({ status: 503, body: { message: "The confirmation mail could not be sent right now; try again later" } });
    expect(refused.text).not.toMatch(/ECONNREFUSED|127\.0\.0\.1/);
  });
});

forEachDialect("mail server failures in the delivery log", (getDb, _dialect, getTestDb) => {
  const mail = useMailWorker(getDb, getTestDb);

  it("shows the owner that the server refused a message, not the server's own answer", async () => {
    const owner = await userWithConfirmedEmail(mail.app(), mail.smtp);
    mail.smtp.refuseNext(1, 550);
    const sent = await owner.client<{ deliveryId: number }>(`/api/notifications/channels/${owner.channelId}/test`, { method: "POST" });
    const log = await waitFor(async () => (await owner.client<{ id: number; status: string; lastError: string | null; nextRetryAt: string | null }[]>("/api/notifications/deliveries")).body,
      (rows) => rows.some((r) => r.id === sent.body.deliveryId && r.status === "failed"));
    expect(log.find((r) => r.id === sent.body.deliveryId)).toMatchObject({ lastError: "The mail server refused the message", nextRetryAt: null });
  });
});
