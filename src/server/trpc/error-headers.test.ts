import { expect, it } from "vitest";
import { forEachDialect } from "../../../db/testing/test-db.ts";
import { CONTACT_LIMIT_PER_HOUR } from "../features/contact/service.ts";
import { connectionFrom, createTestApp, TEST_ORIGIN } from "../testing/test-app.ts";

const MESSAGE = { name: "Ada", email: "ada@example.com", subject: "Hello", category: "data-inquiry", message: "A message about prices." };

forEachDialect("headers of application errors on tRPC answers", (getDb) => {
  const post = (app: ReturnType<typeof createTestApp>, path: string, peer: string) =>
    app.request(`${TEST_ORIGIN}${path}`, {
      method: "POST", headers: { "content-type": "application/json", origin: TEST_ORIGIN }, body: JSON.stringify(MESSAGE),
    }, connectionFrom(peer));

  it("a rate-limited tRPC call answers 429 with Retry-After, as the REST door does", async () => {
    const app = createTestApp(getDb());
    for (let i = 0; i < CONTACT_LIMIT_PER_HOUR; i++) expect((await post(app, "/trpc/contact.send", "198.51.100.90")).status).toBe(200);
    const refused = await post(app, "/trpc/contact.send", "198.51.100.90");
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    const body = (await refused.json()) as { error: { message: string; data: { code: string } } };
    expect(body.error.data.code).toBe("TOO_MANY_REQUESTS");
    expect(body.error.message).toMatch(/Please wait \d+ minutes? before sending another/);

    const rest = await post(app, "/api/contact", "198.51.100.90");
    expect(rest.status).toBe(429);
    expect(Number(rest.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("a successful or differently failing tRPC call carries no Retry-After", async () => {
    const app = createTestApp(getDb());
    const ok = await post(app, "/trpc/contact.send", "198.51.100.91");
    expect(ok.status).toBe(200);
    expect(ok.headers.get("retry-after")).toBeNull();
    const bad = await app.request(`${TEST_ORIGIN}/trpc/contact.send`, {
      method: "POST", headers: { "content-type": "application/json", origin: TEST_ORIGIN }, body: JSON.stringify({ ...MESSAGE, email: "nope" }),
    }, connectionFrom("198.51.100.92"));
    expect(bad.status).toBe(400);
    expect(bad.headers.get("retry-after")).toBeNull();
  });
});
