/**
 * A registry lookup that fails over WHOIS, through the real app, queue and lookups: .us has no
 * RDAP service in the bundled bootstrap or its supplement, IANA (a loopback fake) names its WHOIS
 * server, and that server (every WHOIS query, WHOIS_SERVER_OVERRIDE) is a loopback port nothing
 * listens on.
 */
import { createServer } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { forEachDialect } from "../../../../db/testing/test-db.ts";
import type { JobQueue } from "../../../../jobs/queue.ts";
import { createTestQueue, waitFor } from "../../../../jobs/testing/queue-test-kit.ts";
import { loadConfig } from "../../config.ts";
import { startFakeWhois, type FakeWhois } from "../../integrations/whois/testing/fake-whois.ts";
import { ianaTldAnswer } from "../../integrations/whois/testing/whois-answers.ts";
import { createLogger } from "../../lib/logger.ts";
import { AUTH_TEST_ENV, authed, registerUser } from "../../testing/auth.ts";
import { createTestApp, TEST_APP_SECRET } from "../../testing/test-app.ts";
import type { UserDomainItem } from "./item.ts";
import { registerRegistryJobs } from "./registry-jobs.ts";

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

forEachDialect("a registry lookup that fails", (getDb, _dialect, getTestDb) => {
  let iana: FakeWhois;
  let queue: JobQueue;
  let env: Record<string, string>;

  beforeAll(async () => {
    iana = await startFakeWhois({ answerEvery: (q) => (q === "us" ? ianaTldAnswer("us", "whois.nic.us") : undefined) });
    env = { WHOIS_IANA_SERVER: iana.address, WHOIS_SERVER_OVERRIDE: `127.0.0.1:${await closedPort()}`, WHOIS_REQUESTS_PER_SECOND: "50" };
    queue = createTestQueue(getTestDb());
    await queue.start({ work: true });
    await registerRegistryJobs(queue, { db: getDb(), config: loadConfig({ NODE_ENV: "test", APP_SECRET: TEST_APP_SECRET, ...env }), log: createLogger("silent") });
  });
  afterAll(async () => {
    await queue.stop();
    await iana.close();
  });

  it("says in words which registry server failed and how, over the protocol that failed, with no host, port or error code", async () => {
    const app = createTestApp(getDb(), { queue, env: { ...AUTH_TEST_ENV, ...env } });
    const owner = authed(app, (await registerUser(app)).cookie);
    const added = await owner<UserDomainItem>("/api/user-domains", { method: "POST", body: { domainName: "unreachable-example.us" } });
    expect(added.status).toBe(201);
    const item = await waitFor(async () => (await owner<UserDomainItem>(`/api/user-domains/${added.body.id}`)).body, (d) => d.registry.outcome === "error", 30_000);
    expect(item.registry.protocol).toBe("whois");
    expect(item.registry.message).toMatch(/^The last registry check failed: the \.us registry's WHOIS server could not be reached\. Next try: \d{4}-\d\d-\d\d \d\d:\d\d UTC$/);
    expect(item.registry.message!.split(". Next try")[0]).not.toMatch(/127\.0\.0\.1|:\d+|ECONN|whois\.nic\.us/);
    // The lookup's own reason, with those details, stays stored for operators.
    const { orm: db, t } = getDb();
    const [record] = await db.select({ errorReason: t.domainRegistryRecords.errorReason }).from(t.domainRegistryRecords);
    expect(record?.errorReason).toMatch(/could not be reached \(ECONNREFUSED\)/);
  });
});
