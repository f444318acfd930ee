import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { findUserByEmail } from "../../../../db/repositories/user-repository.ts";
import { forEachDialect } from "../../../../db/testing/test-db.ts";
import { linkIn, mailEnv, settle, tokenOf, waitForMail } from "../../testing/account-mail.ts";
import { AUTH_TEST_ENV, authed, formPost, registerUser } from "../../testing/auth.ts";
import { startSmtpFake, type SmtpFake } from "../../testing/smtp-fake.ts";
import { createTestApp, TEST_ORIGIN } from "../../testing/test-app.ts";
import { COMMON_PASSWORD } from "./password-policy.ts";
import { RESET_REQUESTS_PER_ADDRESS, RESET_REQUESTS_PER_CLIENT, RESET_SENT } from "./password-reset.ts";

let smtp: SmtpFake;
/** A mail server of its own for each database's run, so the two runs' mails to one address never mix. */
function useSmtp() {
  beforeAll(async () => {
    smtp = await startSmtpFake();
  });
  afterAll(async () => {
    await smtp.close();
  });
}

const json = (app: ReturnType<typeof createTestApp>, path: string, body: unknown, ip = "198.51.100.7") => app.request(`${TEST_ORIGIN}${path}`, {
  method: "POST", headers: { "content-type": "application/json", origin: TEST_ORIGIN, "x-forwarded-for": ip }, body: JSON.stringify(body),
});

forEachDialect("forgotten password", (getDb) => {
  useSmtp();
  const app = () => createTestApp(getDb(), { env: { ...AUTH_TEST_ENV, ...mailEnv(smtp) } });

  it("links to the form from the sign-in page, and answers the same for an address with and without an account", async () => {
    const login = await (await app().request(`${TEST_ORIGIN}/api/login`)).text();
    expect(login).toContain('href="/api/password-reset/request">Forgot password?</a>');
    const form = await (await app().request(`${TEST_ORIGIN}/api/password-reset/request`)).text();
    expect(form).toContain('action="/api/password-reset/request"');

    await registerUser(app(), { email: "known@example.com" });
    const known = await json(app(), "/api/password-reset/request", { email: "Known@Example.com" }, "198.51.100.1");
    const unknown = await json(app(), "/api/password-reset/request", { email: "nobody@example.com" }, "198.51.100.2");
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(await known.json()).toEqual({ message: RESET_SENT });
    expect(await unknown.json()).toEqual({ message: RESET_SENT });
    // The form's page for both, too.
    const page = await formPost(app(), "/api/password-reset/request", { email: "nobody@example.com" });
    expect(page.status).toBe(202);
    expect(await page.text()).toContain(RESET_SENT);

    const mail = await waitForMail(smtp, "known@example.com");
    expect(mail.subject).toBe("Choose a new TLDScope password");
    expect(mail.text).toContain("It works once, for one hour.");
    await settle();
    expect(smtp.mailsTo("nobody@example.com")).toEqual([]);
  });

  it("sets a new password from the link once, signs every session out and tells the owner", async () => {
    const user = await registerUser(app(), { email: "reset-me@example.com" });
    const second = await registerUser(app(), { email: "bystander@example.com" });
    const otherSession = (await formPost(app(), "/api/login", { email: user.email, password: user.password }));
    expect(otherSession.status).toBe(302);
    expect((await json(app(), "/api/password-reset/request", { email: user.email }, "198.51.100.3")).status).toBe(202);
    const link = linkIn(await waitForMail(smtp, user.email), "/api/password-reset");

    // Opening the link shows a form and changes nothing.
    const opened = await app().request(`${TEST_ORIGIN}${link}`);
    expect(opened.status).toBe(200);
    const formHtml = await opened.text();
    expect(formHtml).toContain('action="/api/password-reset"');
    expect(formHtml).toContain(`value="${tokenOf(link)}"`);
    expect((await authed(app(), user.cookie)("/api/auth/user")).status).toBe(200);

    // A weak password is refused with a reason, and the link still works afterwards.
    const weak = await formPost(app(), "/api/password-reset", { token: tokenOf(link), password: "password123" });
    expect(weak.status).toBe(400);
    expect(await weak.text()).toContain(COMMON_PASSWORD.slice(0, 40));
    const short = await json(app(), "/api/password-reset", { token: tokenOf(link), password: "short" });
    expect(short.status).toBe(400);
    expect(((await short.json()) as { issues: { field: string; message: string }[] }).issues).toEqual([{ field: "password", message: "Password must be at least 8 characters" }]);

    const before = (await findUserByEmail(getDb(), user.email))!.passwordHash;
    const done = await formPost(app(), "/api/password-reset", { token: tokenOf(link), password: "a fresh start today" });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain("Password changed");
    expect((await findUserByEmail(getDb(), user.email))!.passwordHash).not.toBe(before);
    // Every session of the account ended; another account's did not.
    expect((await authed(app(), user.cookie)("/api/auth/user")).status).toBe(401);
    expect((await authed(app(), `session=${/session=([^;]+)/.exec(otherSession.headers.get("set-cookie")!)![1]}`)("/api/auth/user")).status).toBe(401);
    expect((await authed(app(), second.cookie)("/api/auth/user")).status).toBe(200);
    // Single use.
    const again = await formPost(app(), "/api/password-reset", { token: tokenOf(link), password: "yet another secret" });
    expect(again.status).toBe(400);
    expect(await again.text()).toContain("expired, was replaced by a newer one or was already used");
    expect((await app().request(`${TEST_ORIGIN}${link}`)).status).toBe(400);
    // The owner is told.
    const notice = await waitForMail(smtp, user.email, 2);
    expect(notice.subject).toBe("Your TLDScope password was changed");
    expect(notice.text).toContain("every device signed in to it was signed out");
    expect((await formPost(app(), "/api/login", { email: user.email, password: user.password })).status).toBe(401);
    expect((await formPost(app(), "/api/login", { email: user.email, password: "a fresh start today" })).status).toBe(302);
  });

  it("keeps only the newest link working, and none after an hour", async () => {
    const user = await registerUser(app(), { email: "two-links@example.com" });
    await json(app(), "/api/password-reset/request", { email: user.email }, "198.51.100.4");
    const first = tokenOf(linkIn(await waitForMail(smtp, user.email), "/api/password-reset"));
    await json(app(), "/api/password-reset/request", { email: user.email }, "198.51.100.4");
    const second = tokenOf(linkIn(await waitForMail(smtp, user.email, 2), "/api/password-reset"));
    expect((await json(app(), "/api/password-reset", { token: first, password: "replaced link pw" })).status).toBe(400);

    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 61 * 60_000 });
    try {
      const late = await json(app(), "/api/password-reset", { token: second, password: "too late for this" });
      expect(late.status).toBe(400);
      expect(((await late.json()) as { message: string }).message).toMatch(/expired/);
    } finally {
      vi.useRealTimers();
    }
    expect((await formPost(app(), "/api/login", { email: user.email, password: user.password })).status).toBe(302);
  });

  it("limits requests per address and per client with 429 and Retry-After, whether the address has an account or not", async () => {
    for (let i = 0; i < RESET_REQUESTS_PER_ADDRESS; i++) {
      expect((await json(app(), "/api/password-reset/request", { email: "limited@example.com" }, `203.0.113.${i + 1}`)).status).toBe(202);
    }
    const refused = await json(app(), "/api/password-reset/request", { email: "limited@example.com" }, "203.0.113.99");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await refused.json()) as { message: string }).message).toMatch(/^Too many reset requests for this address\. Please wait \d+ minutes?/);

    for (let i = 0; i < RESET_REQUESTS_PER_CLIENT; i++) {
      expect((await json(app(), "/api/password-reset/request", { email: `spray${i}@example.com` }, "192.0.2.50")).status).toBe(202);
    }
    const sprayed = await json(app(), "/api/password-reset/request", { email: "spray-last@example.com" }, "192.0.2.50");
    expect(sprayed.status).toBe(429);
    expect(sprayed.headers.get("retry-after")).toMatch(/^\d+$/);
    // The form shows the same refusal as a page.
    const page = await formPost(app(), "/api/password-reset/request", { email: "spray-form@example.com" }, { "x-forwarded-for": "192.0.2.50" });
    expect(page.status).toBe(429);
    expect(await page.text()).toContain("Too many reset requests from your network");
  });

  it("refuses a made-up or malformed token without a lookup's difference", async () => {
    for (const token of ["", "abc", "a".repeat(32), "<script>"]) {
      const res = await json(app(), "/api/password-reset", { token, password: "whatever it takes" });
      expect(res.status).toBe(400);
    }
  });
});

describe("forgotten password without a mail server", () => {
  forEachDialect("no SMTP", (getDb) => {
    it("says to ask an administrator, and the request is a 503 saying so", async () => {
      const app = createTestApp(getDb(), { env: AUTH_TEST_ENV });
      const page = await (await app.request(`${TEST_ORIGIN}/api/password-reset/request`)).text();
      expect(page).toContain("Ask an administrator to give you a reset link");
      expect(page).not.toContain('action="/api/password-reset/request"');
      const res = await json(app, "/api/password-reset/request", { email: "someone@example.com" });
      expect(res.status).toBe(503);
      expect(((await res.json()) as { message: string }).message).toMatch(/Ask an administrator/);
    });
  }, { seeded: false });
});
