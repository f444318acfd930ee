import { beforeAll, expect, it } from "vitest";
import { forEachDialect } from "../../../../db/testing/test-db.ts";
import { AUTH_TEST_ENV, authed, registerUser } from "../../testing/auth.ts";
import { createTestApp, TEST_ORIGIN } from "../../testing/test-app.ts";
import type { UserDomainItem } from "./item.ts";

/** Unfolds RFC 5545 lines so assertions can read whole properties. */
const unfold = (ics: string) => ics.replace(/\r\n /g, "");

forEachDialect("expiry calendar feed", (getDb) => {
  const app = () => createTestApp(getDb(), { env: AUTH_TEST_ENV });
  let call: ReturnType<typeof authed>;
  let dated: UserDomainItem;
  beforeAll(async () => {
    call = authed(app(), (await registerUser(app())).cookie);
    const providers = (await call<{ id: number; name: string }[]>("/api/service-providers")).body;
    const porkbun = providers.find((p) => p.name === "Porkbun")!;
    dated = (await call<UserDomainItem>("/api/user-domains", {
      method: "POST",
      body: { domainName: "renew-me.com", serviceProviderId: porkbun.id, expirationDate: "2027-03-15", notes: "a; b, c" },
    })).body;
    await call("/api/user-domains", { method: "POST", body: { domainName: "undated.org" } });
    await call("/api/user-domains", { method: "POST", body: { domainName: "kept-off.com", expirationDate: "2027-04-01", autoRenewState: "off" } });
    await call("/api/user-domains", { method: "POST", body: { domainName: "kept-on.com", expirationDate: "2027-05-01", autoRenewState: "on" } });
    await call("/api/user-domains", { method: "POST", body: { domainName: "müller.de", expirationDate: "2027-06-01" } });
  });

  const feed = (url: string) => app().request(url.replace(/^https?:\/\/[^/]+/, TEST_ORIGIN));

  it("creates a secret feed URL and serves one all-day event per dated domain, without a cookie", async () => {
    const res0 = await call<{ result: { data: { url: string } } }>("/trpc/portfolio.calendarToken", { method: "POST", body: {} });
    expect(res0.status, res0.text).toBe(200);
    const body = res0.body.result.data;
    expect(body.url).toMatch(new RegExp(`^${TEST_ORIGIN}/api/calendar/[a-z2-7]{32}\\.ics$`));
    const res = await feed(body.url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    const raw = await res.text();
    expect(raw.split("\r\n").every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    const ics = unfold(raw);
    expect(ics.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:")).toBe(true);
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(4);
    expect(ics).toContain(`UID:user-domain-${dated.id}@tldscope`);
    expect(ics).toContain("DTSTART;VALUE=DATE:20270315");
    expect(ics).toContain("SUMMARY:renew-me.com expires");
    // Nobody said whether renew-me.com renews automatically: the feed says so, never "off".
    expect(ics).toContain(`DESCRIPTION:Auto-renew: unknown (nobody has said whether it renews automatically)\\nRenewal price: $${dated.pricing.currentRenewal!.price} at Porkbun`);
    const descriptionOf = (summary: string) => ics.split("BEGIN:VEVENT").find((e) => e.includes(`SUMMARY:${summary}`))!.match(/DESCRIPTION:([^\r]*)/)![1];
    expect(descriptionOf("kept-off.com expires")).toMatch(/^Auto-renew: off\\n/);
    expect(descriptionOf("kept-on.com expires")).toMatch(/^Auto-renew: on\\n/);
    // People read the calendar: an IDN is named as it is written.
    expect(descriptionOf("müller.de expires")).toMatch(/^Auto-renew: unknown/);
    expect(ics).not.toContain("xn--mller-kva.de");
    expect(ics).toContain("TRIGGER:-P30D");
    expect(ics).not.toContain("undated.org");
  });

  it("uses APP_URL for the link when set, and rotating the token kills the old URL", async () => {
    const withAppUrl = authed(createTestApp(getDb(), { env: { ...AUTH_TEST_ENV, APP_URL: "https://domains.example.com" } }), (await registerUser(app())).cookie);
    const first = await withAppUrl<{ url: string }>("/api/user-domains/calendar-token", { method: "POST" });
    expect(first.body.url).toMatch(/^https:\/\/domains\.example\.com\/api\/calendar\/[a-z2-7]{32}\.ics$/);
    const second = await withAppUrl<{ url: string }>("/api/user-domains/calendar-token", { method: "POST" });
    expect((await feed(first.body.url)).status).toBe(404);
    expect((await feed(second.body.url)).status).toBe(200);
  });

  it("revokes the feed: the old URL answers 404, as do made-up tokens", async () => {
    const created = await call<{ url: string }>("/api/user-domains/calendar-token", { method: "POST" });
    expect((await feed(created.body.url)).status).toBe(200);
    expect(await call("/api/user-domains/calendar-token", { method: "DELETE" })).toMatchObject({ status: 200, body: { revoked: true } });
    const gone = await feed(created.body.url);
    expect(gone.status).toBe(404);
    expect(await gone.json()).toEqual({ message: "Calendar not found" });
    expect((await app().request(`${TEST_ORIGIN}/api/calendar/${"a".repeat(32)}.ics`)).status).toBe(404);
    expect((await app().request(`${TEST_ORIGIN}/api/calendar/whatever`)).status).toBe(404);
  });
});
