/**
 * tRPC batching is off: the client sends one call per request, and a batch URL naming a
 * procedure hundreds of times would otherwise make one request build hundreds of answers.
 */
import { expect, it } from "vitest";
import { forEachDialect } from "../../db/testing/test-db.ts";
import { AUTH_TEST_ENV, authed, registerUser } from "./testing/auth.ts";
import { createTestApp, TEST_ORIGIN } from "./testing/test-app.ts";

interface TrpcError { error: { message: string; data: { httpStatus: number } } }

forEachDialect("tRPC batches", (getDb) => {
  it("refuses a GET naming a procedure 600 times with one short 400, running none of them", async () => {
    const app = createTestApp(getDb());
    const names = Array.from({ length: 600 }, () => "providers.ianaRegistrars").join(",");
    const started = performance.now();
    const res = await app.request(`${TEST_ORIGIN}/trpc/${names}?batch=1&input=%7B%7D`);
    const text = await res.text();
    const ms = performance.now() - started;
    expect(res.status).toBe(400);
    expect((JSON.parse(text) as TrpcError).error).toMatchObject({ message: "Batching is not enabled on the server", data: { httpStatus: 400 } });
    // One error, not 600 answers (one answer of this procedure alone is about 200 KB).
    expect(text.length).toBeLessThan(2_000);
    expect(ms).toBeLessThan(1_000);
  });

  it("still answers the same procedure called alone", async () => {
    const res = await createTestApp(getDb()).request(`${TEST_ORIGIN}/trpc/providers.ianaRegistrars`);
    expect(res.status).toBe(200);
  });

  it("refuses a batched POST of mutations and writes nothing", async () => {
    const app = createTestApp(getDb(), { env: AUTH_TEST_ENV });
    const call = authed(app, (await registerUser(app)).cookie);
    const batch = await call<TrpcError>("/trpc/portfolio.create,portfolio.create?batch=1", {
      method: "POST", body: { 0: { domainName: "one-batch.com" }, 1: { domainName: "two-batch.com" } },
    });
    expect(batch.status).toBe(400);
    expect(batch.body.error.message).toBe("Batching is not enabled on the server");
    // Neither was stored: each name can still be added (a stored one would be a 409).
    for (const domainName of ["one-batch.com", "two-batch.com"]) {
      expect((await call("/trpc/portfolio.create", { method: "POST", body: { domainName } })).status).toBe(200);
    }
  });
});
