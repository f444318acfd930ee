import { expect, it } from "vitest";
import { forEachDialect } from "../../db/testing/test-db.ts";
import { AUTH_TEST_ENV, authed, formPost, registerUser, sessionCookieOf } from "./testing/auth.ts";
import { createTestApp, TEST_ORIGIN } from "./testing/test-app.ts";

interface ErrorBody { message: string; issues?: { field: string; message: string }[] }
interface TrpcError { error: { message: string; data: { httpStatus: number; issues?: { field: string; message: string }[] } } }

forEachDialect("fields a body should not have", (getDb) => {
  const app = () => createTestApp(getDb(), { env: AUTH_TEST_ENV });

  it("refuse a REST body with a 400 naming the field, and nothing is made", async () => {
    const user = await registerUser(app());
    const call = authed(app(), user.cookie);
    const res = await call<ErrorBody>("/api/api-keys", { method: "POST", body: { name: "x", scopes: ["write"], password: user.password } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Unknown field "scopes"');
    expect(res.body.issues?.[0]).toEqual({ field: "scopes", message: 'Unknown field "scopes"' });
    expect((await call<unknown[]>("/api/api-keys")).body).toEqual([]);
    // An unknown field is named first, before what the known ones lack.
    const typo = await call<ErrorBody>("/api/api-keys", { method: "POST", body: { nme: "x", password: user.password } });
    expect(typo.status).toBe(400);
    expect(typo.body.message).toBe('Unknown field "nme"');
    expect(typo.body.issues?.map((i) => i.field)).toEqual(["nme", "name"]);
  });

  it("name a nested unknown field with its path", async () => {
    const user = await registerUser(app());
    const call = authed(app(), user.cookie);
    const res = await call<ErrorBody>("/api/registrar-accounts", {
      method: "POST", body: { serviceProviderId: 1, label: "Main", credentials: { apiKey: "k", secretKey: "s", region: "eu" } },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Unknown field "credentials.region"');
    const trpc = await call<TrpcError>("/trpc/notifications.savePreferences", {
      method: "POST", body: { reminderOffsets: [30], deliveryModes: { expiry: "digest", weekly: "digest" }, enabledKinds: ["expiry"], currency: "USD" },
    });
    expect(trpc.status).toBe(400);
    expect(trpc.body.error.message).toBe('Unknown field "deliveryModes.weekly"');
  });

  it("refuse a tRPC mutation's input with a 400 naming the field; queries read as before", async () => {
    const user = await registerUser(app());
    const call = authed(app(), user.cookie);
    const res = await call<TrpcError>("/trpc/apiKeys.create", { method: "POST", body: { name: "x", scopes: ["write"], password: user.password } });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Unknown field "scopes"');
    expect(res.body.error.data.issues?.[0]).toEqual({ field: "scopes", message: 'Unknown field "scopes"' });
    const remove = await call<TrpcError>("/trpc/apiKeys.remove", { method: "POST", body: { id: 1, force: true } });
    expect(remove.status).toBe(400);
    expect(remove.body.error.message).toBe('Unknown field "force"');
    expect((await call<{ result: { data: unknown[] } }>("/trpc/apiKeys.list")).body.result.data).toEqual([]);
    // The same input without the field goes through.
    expect((await call("/trpc/apiKeys.create", { method: "POST", body: { name: "x", password: user.password } })).status).toBe(200);
    // Query strings and query inputs are not bodies: a cache-buster changes nothing.
    expect((await call(`/api/domain-prices?limit=5&_=${Date.now()}`)).status).toBe(200);
    expect((await call(`/trpc/portfolio.list?input=${encodeURIComponent(JSON.stringify({ page: 1, utm_source: "mail" }))}`)).status).toBe(200);
  });

  it("are documented: the OpenAPI document's request bodies allow no other fields, at any depth", async () => {
    type Body = { requestBody: { content: { "application/json": { schema: { additionalProperties?: boolean; properties: Record<string, { additionalProperties?: boolean }> } } } } };
    const doc = (await (await app().request(`${TEST_ORIGIN}/api/openapi.json`)).json()) as { paths: Record<string, { post?: Body; put?: Body }> };
    const bodyOf = (path: string, method: "post" | "put") => doc.paths[path]![method]!.requestBody.content["application/json"].schema;
    expect(bodyOf("/api/user-domains", "post").additionalProperties).toBe(false);
    const preferences = bodyOf("/api/notifications/preferences", "put");
    expect(preferences.additionalProperties).toBe(false);
    expect(preferences.properties.deliveryModes!.additionalProperties).toBe(false);
  });

  it("keep what the server's own forms send, and refuse anything else they are sent", async () => {
    const registered = await formPost(app(), "/api/register", { firstName: "Ada", email: "forms@example.com", password: "correct horse battery", returnTo: "/portfolio" });
    expect(registered.status).toBe(302);
    expect(registered.headers.get("location")).toBe("/portfolio");
    const signedIn = await formPost(app(), "/api/login", { email: "forms@example.com", password: "correct horse battery", returnTo: "/watches" });
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("location")).toBe("/watches");
    expect(sessionCookieOf(signedIn)).not.toBeNull();
    // An odd returnTo is still ignored, not refused.
    expect((await formPost(app(), "/api/login", { email: "forms@example.com", password: "correct horse battery", returnTo: "https://evil.example" })).headers.get("location")).toBe("/");

    const extra = await formPost(app(), "/api/login", { email: "forms@example.com", password: "correct horse battery", remember: "on" });
    expect(extra.status).toBe(400);
    expect(await extra.text()).toContain("Unknown field &quot;remember&quot;");
  });

  it("are refused by the forms read field by field: the sign-in code, the address confirmation and the admin setup", async () => {
    const user = await registerUser(app(), { email: "hand-read@example.com" });
    const code = await formPost(app(), "/api/login/two-factor", { token: "t".repeat(40), code: "123456", trust: "on" });
    expect(code.status).toBe(400);
    expect(await code.text()).toContain("Unknown field &quot;trust&quot;");
    // Without the field, the same post is answered for its token.
    expect(await (await formPost(app(), "/api/login/two-factor", { token: "t".repeat(40), code: "123456" })).text()).not.toContain("Unknown field");

    const confirm = await formPost(app(), "/api/account/email/confirm", { token: "t".repeat(40), email: "other@example.com" });
    expect(confirm.status).toBe(400);
    expect(await confirm.text()).toContain("Unknown field");
    expect(await (await formPost(app(), "/api/account/email/confirm", { token: "t".repeat(40) })).text()).not.toContain("Unknown field");

    const setup = await formPost(app(), "/api/setup", { token: "t".repeat(32), role: "admin" }, { cookie: user.cookie });
    expect(setup.status).toBe(400);
    expect(await setup.text()).toContain("Unknown field &quot;role&quot;");
    expect(await (await formPost(app(), "/api/setup", { token: "t".repeat(32) }, { cookie: user.cookie })).text()).not.toContain("Unknown field");
  });
});
