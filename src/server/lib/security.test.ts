import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { forEachDialect } from "../../../db/testing/test-db.ts";
import { createTestApp, TEST_ORIGIN } from "../testing/test-app.ts";

forEachDialect("security headers", (getDb) => {
  const app = () => createTestApp(getDb());
  const get = (path: string) => app().request(`${TEST_ORIGIN}${path}`, { redirect: "manual" });

  it("send strict-origin-when-cross-origin as the referrer policy of a page that sets none", async () => {
    const res = await get("/api/password-reset/request");
    expect(res.status).toBe(200);
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("content-security-policy")).toContain("default-src 'self'");
  });

  it("leave the referrer policy of a route that sets its own: pages opened from a link with a token, and the registrar redirect", async () => {
    const reset = await get(`/api/password-reset?token=${"a".repeat(43)}`);
    expect(reset.headers.get("referrer-policy")).toBe("no-referrer");
    const confirm = await get(`/api/account/email/confirm?token=${"a".repeat(43)}`);
    expect(confirm.headers.get("referrer-policy")).toBe("no-referrer");

    const { orm: db, t } = getDb();
    const [provider] = await db.select({ id: t.serviceProviders.id }).from(t.serviceProviders).where(eq(t.serviceProviders.slug, "porkbun"));
    const register = await get(`/api/r/register?providerId=${provider!.id}&domain=example.com`);
    expect(register.status).toBe(302);
    expect(register.headers.get("referrer-policy")).toBe("no-referrer");
    // The other security headers are still there.
    for (const res of [reset, confirm, register]) {
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    }
  });
});
