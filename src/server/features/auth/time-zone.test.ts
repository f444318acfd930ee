import { afterAll, beforeAll, expect, it } from "vitest";
import { forEachDialect } from "../../../../db/testing/test-db.ts";
import { formatMomentIn, formatMomentUtc } from "../../../shared/time-format.ts";
import { mailEnv, waitForMail } from "../../testing/account-mail.ts";
import { AUTH_TEST_ENV, authed, registerUser } from "../../testing/auth.ts";
import { startSmtpFake, type SmtpFake } from "../../testing/smtp-fake.ts";
import { createTestApp, TEST_ORIGIN } from "../../testing/test-app.ts";

let smtp: SmtpFake;
/** What the test reads of a portfolio entry. */
type Entry = { pricing: { currentRenewal: { lastCheckedAt: string } | null } };

/** An iCalendar TEXT value as written: lines unfolded, escapes undone. */
const icsText = (ics: string) => ics.replace(/\r\n /g, "").replace(/\\([,;\\])/g, "$1");

forEachDialect("the account's time zone", (getDb) => {
  beforeAll(async () => {
    smtp = await startSmtpFake();
  });
  afterAll(async () => {
    await smtp.close();
  });
  const app = () => createTestApp(getDb(), { env: { ...AUTH_TEST_ENV, ...mailEnv(smtp) } });

  it("is saved and cleared through REST and tRPC, read back by the account and the signed-in user, and an unknown zone is a 400 naming it", async () => {
    const user = await registerUser(app());
    const as = authed(app(), user.cookie);
    expect((await as<{ timeZone: string | null }>("/api/auth/user")).body.timeZone).toBeNull();
    expect((await as<{ profile: { timeZone: string | null } }>("/api/account")).body.profile.timeZone).toBeNull();

    expect(await as("/api/account/time-zone", { method: "PUT", body: { timeZone: "Europe/Berlin" } })).toMatchObject({ status: 200, body: { timeZone: "Europe/Berlin" } });
    expect((await as<{ profile: { timeZone: string | null } }>("/api/account")).body.profile.timeZone).toBe("Europe/Berlin");
    expect((await as<{ profile: { timeZone: string | null } }>("/api/account/export")).body.profile.timeZone).toBe("Europe/Berlin");
    expect((await as<{ timeZone: string | null }>("/api/auth/user")).body.timeZone).toBe("Europe/Berlin");
    expect((await as<{ result: { data: { timeZone: string | null } } }>("/trpc/auth.me")).body.result.data.timeZone).toBe("Europe/Berlin");

    const unknown = await as<{ message: string; issues: { field: string; message: string }[] }>("/api/account/time-zone", { method: "PUT", body: { timeZone: "Mars/Olympus_Mons" } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain("Mars/Olympus_Mons");
    expect(unknown.body.issues).toEqual([{ field: "timeZone", message: unknown.body.message }]);
    expect((await as("/api/account/time-zone", { method: "PUT", body: {} })).status).toBe(400);
    expect((await as("/api/account/time-zone", { method: "PUT", body: { timeZone: 42 } })).status).toBe(400);
    const viaTrpc = await as<{ error: { message: string; data: { httpStatus: number } } }>("/trpc/account.setTimeZone", { method: "POST", body: { timeZone: "Atlantis/Capital" } });
    expect(viaTrpc.status).toBe(400);
    expect(viaTrpc.text).toContain("Atlantis/Capital");
    // Refused zones changed nothing.
    expect((await as<{ profile: { timeZone: string | null } }>("/api/account")).body.profile.timeZone).toBe("Europe/Berlin");

    expect(await as("/trpc/account.setTimeZone", { method: "POST", body: { timeZone: "Asia/Tokyo" } })).toMatchObject({ status: 200, body: { result: { data: { timeZone: "Asia/Tokyo" } } } });
    expect((await as<{ timeZone: string | null }>("/api/auth/user")).body.timeZone).toBe("Asia/Tokyo");
    expect(await as("/api/account/time-zone", { method: "PUT", body: { timeZone: null } })).toMatchObject({ status: 200, body: { timeZone: null } });
    expect((await as<{ timeZone: string | null }>("/api/auth/user")).body.timeZone).toBeNull();
    // Signed out, nothing is saved.
    expect((await app().request(`${TEST_ORIGIN}/api/account/time-zone`, { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify({ timeZone: "UTC" }) })).status).toBe(401);
  });

  it("writes the calendar feed's moments in the account's zone, named, and in UTC when it chose none", async () => {
    const as = authed(app(), (await registerUser(app())).cookie);
    const porkbun = (await as<{ id: number; name: string }[]>("/api/service-providers")).body.find((p) => p.name === "Porkbun")!;
    const item = (await as<Entry>("/api/user-domains", { method: "POST", body: { domainName: "zoned.com", serviceProviderId: porkbun.id, expirationDate: "2027-03-15" } })).body;
    const checkedAt = item.pricing.currentRenewal!.lastCheckedAt;
    const { url } = (await as<{ url: string }>("/api/user-domains/calendar-token", { method: "POST" })).body;
    const feed = async () => icsText(await (await app().request(url.replace(/^https?:\/\/[^/]+/, TEST_ORIGIN))).text());

    expect(await feed()).toContain(`price checked ${formatMomentUtc(checkedAt)})`);
    await as("/api/account/time-zone", { method: "PUT", body: { timeZone: "Pacific/Auckland" } });
    const zoned = await feed();
    expect(zoned).toContain(`price checked ${formatMomentIn(checkedAt, "Pacific/Auckland")})`);
    expect(formatMomentIn(checkedAt, "Pacific/Auckland")).toMatch(/ \(Pacific\/Auckland\)$/);
  });

  it("writes the time of a security mail in the account's zone, named", async () => {
    const user = await registerUser(app(), { email: "zoned-mail@example.com" });
    const as = authed(app(), user.cookie);
    await as("/api/account/time-zone", { method: "PUT", body: { timeZone: "America/New_York" } });
    const before = Date.now();
    expect((await as("/api/account/password", { method: "POST", body: { currentPassword: user.password, newPassword: "a zoned passphrase" } })).status).toBe(200);
    const mail = await waitForMail(smtp, user.email);
    expect(mail.subject).toBe("Your TLDScope password was changed");
    const text = (mail.text ?? "").replace(/\s+/g, " ");
    // The minute the change was made (or the next, should the clock turn over), written in New York time.
    const written = [formatMomentIn(before, "America/New_York"), formatMomentIn(before + 60_000, "America/New_York")].map((s) => s.replace(/\s+/g, " "));
    expect(written.some((w) => text.includes(`on ${w};`)), text).toBe(true);
    expect(text).not.toContain("GMT");
  });
});
