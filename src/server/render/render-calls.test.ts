import { expect, it } from "vitest";
import { forEachDialect } from "../../../db/testing/test-db.ts";
import type { Db } from "../../../db/client.ts";
import { loadConfig } from "../config.ts";
import { NO_PRICE_SOURCES } from "../features/price-engine/sources.ts";
import { TEST_APP_SECRET, TEST_ORIGIN, createTestApp } from "../testing/test-app.ts";
import type { RequestContext } from "../trpc/context.ts";
import { appRouter, cachedQueries } from "../trpc/root.ts";
import { createCredentialCipher } from "../lib/credential-cipher.ts";
import { createLogger } from "../lib/logger.ts";
import { renderCallsFor } from "./render-calls.ts";
import { createTokenSigner } from "../lib/signed-token.ts";

/** The context a cookieless /trpc request gets; no call here enqueues or fetches prices. */
const contextFor = (db: Db, requestId: string): RequestContext => ({
  db, queue: {} as RequestContext["queue"], config: loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", APP_SECRET: TEST_APP_SECRET }),
  log: createLogger("silent"), requestId, user: null, sessionId: null, ip: "unknown", origin: TEST_ORIGIN,
  priceSources: NO_PRICE_SOURCES, onPricesChanged: () => undefined, markPrivate: () => undefined,
  cipher: createCredentialCipher(TEST_APP_SECRET), signer: createTokenSigner(TEST_APP_SECRET),
});

forEachDialect("the server render's tRPC calls", (getDb) => {
  it("answer a failing query in process with the status and error body a GET of /trpc gets", async () => {
    const app = createTestApp(getDb());
    const passedOn: string[] = [];
    const failures: string[] = [];
    const calls = renderCallsFor({
      router: appRouter, cachedQueries,
      context: (_url, requestId) => contextFor(getDb(), requestId),
      fetch: (request) => {
        passedOn.push(request.url);
        return app.fetch(request);
      },
      onError: ({ error, path }) => failures.push(`${path} ${error.code}`),
    });
    const input = (value: unknown) => encodeURIComponent(JSON.stringify(value));
    // An unknown TLD (the service's 404), and input the schema refuses (a 400 naming the field).
    for (const path of [`/trpc/catalogue.tld?input=${input({ tldId: "nosuchtld" })}`, `/trpc/catalogue.tld?input=${input({ tldId: " " })}`]) {
      const answer = await calls(`${TEST_ORIGIN}${path}`, { method: "GET", headers: {} });
      const res = await app.request(`${TEST_ORIGIN}${path}`);
      expect(answer, path).toEqual({ status: res.status, body: await res.text() });
    }
    expect(passedOn).toEqual([]);
    expect(failures).toEqual(["catalogue.tld NOT_FOUND", "catalogue.tld BAD_REQUEST"]);
    // A call that is not a single query's GET still goes through the app.
    const batch = await calls(`${TEST_ORIGIN}/trpc/catalogue.tld?batch=1&input=${input({ 0: { tldId: "com" } })}`, { method: "GET", headers: {} });
    expect(batch.status).toBe(400);
    expect(passedOn).toHaveLength(1);
  });
});
