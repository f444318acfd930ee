/**
 * Uncached price answers over a real socket: each is joined into a pooled buffer that goes back
 * to the pool when its response is written (response-buffer-pool.ts). Many answers in flight at
 * once on reused connections must each arrive whole and unchanged.
 */
import { serve, type ServerType } from "@hono/node-server";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "../../../../db/testing/test-db.ts";
import { createTestApp, TEST_ORIGIN } from "../../testing/test-app.ts";

const input = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const PATHS = [1, 2, 3, 4, 5, 6].flatMap((page) => [
  `/api/domain-prices?page=${page}&limit=25&sortBy=registrationPrice&sortOrder=asc`,
  `/api/domain-prices?page=${page}&limit=10&sortBy=renewalPrice&sortOrder=desc&search=co`,
  `/trpc/prices.list?input=${input({ page, limit: 20, sortBy: "transferPrice", sortOrder: "asc", category: "generic" })}`,
]);

describe("uncached price answers over sockets", () => {
  let testDb: TestDb;
  let server: ServerType;
  let base: string;
  let app: ReturnType<typeof createTestApp>;
  beforeAll(async () => {
    testDb = await createTestDb("sqlite");
    app = createTestApp(testDb.db, { env: { PRICE_CACHE_SECONDS: "0" } });
    server = await new Promise<ServerType>((resolve) => {
      const s = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(s));
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await testDb?.drop();
  });

  it("arrive whole and as app.request() answers them, many at once", async () => {
    const expected = new Map<string, string>();
    for (const path of PATHS) {
      const res = await app.request(TEST_ORIGIN + path);
      expect(res.status, path).toBe(200);
      expected.set(path, await res.text());
    }
    expect(new Set(expected.values()).size).toBe(PATHS.length);
    // Ten rounds of every path at once: buffers are lent, given back and lent again meanwhile.
    for (let round = 0; round < 10; round++) {
      const answers = await Promise.all(PATHS.map(async (path) => ({ path, res: await fetch(base + path, { headers: { "accept-encoding": "identity" } }) })));
      for (const { path, res } of answers) {
        const text = await res.text();
        expect(res.status).toBe(200);
        expect(res.headers.get("content-length")).toBe(String(Buffer.byteLength(text)));
        expect(text, path).toBe(expected.get(path));
      }
    }
  });
});
