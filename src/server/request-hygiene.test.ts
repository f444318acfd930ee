import { expect, it } from "vitest";
import { forEachDialect } from "../../db/testing/test-db.ts";
import { AUTH_TEST_ENV, authed, registerUser } from "./testing/auth.ts";
import { createTestApp, TEST_ORIGIN } from "./testing/test-app.ts";

const DOMAIN = { domainName: "hygiene-example.com", autoRenew: false };

forEachDialect("request hygiene", (getDb) => {
  const app = () => createTestApp(getDb(), { env: AUTH_TEST_ENV });

  it("answers 413 with a JSON message past one body limit on /api and /trpc alike", async () => {
    const user = await registerUser(app());
    const call = authed(app(), user.cookie);
    const huge = JSON.stringify({ ...DOMAIN, notes: "x".repeat(3 * 1024 * 1024) });
    for (const path of ["/api/user-domains", "/trpc/portfolio.create"]) {
      const res = await call(path, { method: "POST", body: huge, headers: { "content-type": "application/json" } });
      expect(res.status).toBe(413);
      expect(res.body).toEqual({ message: "Request body too large (max 2 MB)" });
    }
    expect((await call<{ data: unknown[] }>("/api/user-domains?page=1")).body.data).toEqual([]);
  });

  it("answers 415 to a JSON endpoint's body sent as another type, and stores nothing", async () => {
    const user = await registerUser(app());
    const call = authed(app(), user.cookie);
    for (const path of ["/api/user-domains", "/trpc/portfolio.create"]) {
      const res = await call(path, { method: "POST", body: JSON.stringify(DOMAIN), headers: { "content-type": "text/plain" } });
      expect(res.status).toBe(415);
      expect(res.body).toMatchObject({ message: "Send the request body as JSON (Content-Type: application/json)" });
    }
    const put = await call("/api/user-domains/1", { method: "PUT", body: "{}", headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(put.status).toBe(415);
    expect((await call<{ data: unknown[] }>("/api/user-domains?page=1")).body.data).toEqual([]);
    // The same bodies as JSON go through, and body-less writes are not affected.
    expect((await call("/api/user-domains", { method: "POST", body: DOMAIN })).status).toBe(201);
    expect((await call("/api/user-domains/calendar-token", { method: "POST" })).status).toBe(200);
  });

  it("keeps browser forms on /api/login and /api/register, and refuses other body types there", async () => {
    const form = new FormData();
    form.set("email", "multipart@example.com");
    form.set("password", "long enough pw");
    const multipart = await app().request(`${TEST_ORIGIN}/api/register`, { method: "POST", headers: { origin: TEST_ORIGIN, "x-forwarded-for": "10.77.0.1" }, body: form });
    expect(multipart.status).toBe(302);
    const text = await app().request(`${TEST_ORIGIN}/api/login`, {
      method: "POST", headers: { origin: TEST_ORIGIN, "content-type": "text/plain", "x-forwarded-for": "10.77.0.2" },
      body: JSON.stringify({ email: "multipart@example.com", password: "long enough pw" }),
    });
    expect(text.status).toBe(415);
    expect(await text.json()).toEqual({ message: "Send the form as application/x-www-form-urlencoded, multipart/form-data or JSON" });
  });

  it("sends Cache-Control: private, no-store on tRPC answers that read the user, and only on those", async () => {
    const user = await registerUser(app());
    const call = authed(app(), user.cookie);
    expect((await call("/trpc/portfolio.list")).res.headers.get("cache-control")).toBe("private, no-store");
    expect((await call("/trpc/auth.me")).res.headers.get("cache-control")).toBe("private, no-store");
    const signedOut = await app().request(`${TEST_ORIGIN}/trpc/auth.me`);
    expect(signedOut.headers.get("cache-control")).toBe("private, no-store");
    const refused = await app().request(`${TEST_ORIGIN}/trpc/portfolio.list`);
    expect(refused.status).toBe(401);
    expect(refused.headers.get("cache-control")).toBe("private, no-store");
    const created = await call("/trpc/portfolio.create", { method: "POST", body: { domainName: "private-answer.com" } });
    expect(created.res.headers.get("cache-control")).toBe("private, no-store");
    expect((await app().request(`${TEST_ORIGIN}/trpc/catalogue.stats`)).headers.get("cache-control") ?? "").not.toMatch(/private|no-store/);
  });

  it("refuses writes that a sibling subdomain (Sec-Fetch-Site: same-site) sends", async () => {
    const user = await registerUser(app());
    const res = await app().request(`${TEST_ORIGIN}/trpc/portfolio.create`, {
      method: "POST", headers: { cookie: user.cookie, "sec-fetch-site": "same-site", "content-type": "application/json" }, body: JSON.stringify(DOMAIN),
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: "Cross-origin request refused" });
    const fromSibling = await app().request(`${TEST_ORIGIN}/api/user-domains`, {
      method: "POST", headers: { cookie: user.cookie, origin: "http://shop.localhost", "content-type": "application/json" }, body: JSON.stringify(DOMAIN),
    });
    expect(fromSibling.status).toBe(403);
    // Origin "null" (a sandboxed frame or data: page elsewhere) is foreign unless the browser says the post came from our own page.
    const fromNull = await app().request(`${TEST_ORIGIN}/api/user-domains`, {
      method: "POST", headers: { cookie: user.cookie, origin: "null", "sec-fetch-site": "cross-site", "content-type": "application/json" }, body: JSON.stringify(DOMAIN),
    });
    expect(fromNull.status).toBe(403);
    expect((await authed(app(), user.cookie)<{ data: unknown[] }>("/api/user-domains?page=1")).body.data).toEqual([]);
  });

  it("takes a form posted from one of its own no-referrer pages (Origin null, Sec-Fetch-Site same-origin)", async () => {
    const user = await registerUser(app());
    const res = await app().request(`${TEST_ORIGIN}/api/user-domains`, {
      method: "POST", headers: { cookie: user.cookie, origin: "null", "sec-fetch-site": "same-origin", "content-type": "application/json" }, body: JSON.stringify(DOMAIN),
    });
    expect(res.status).toBe(201);
  });
});
