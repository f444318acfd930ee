import { Hono } from "hono";
import { afterAll, beforeAll, expect, it } from "vitest";
import { forEachDialect } from "../../../../db/testing/test-db.ts";
import { createTestQueue, listSchedules } from "../../../../jobs/testing/queue-test-kit.ts";
import { loadConfig } from "../../config.ts";
import { rdapServerFor } from "../../integrations/rdap/bootstrap.ts";
import { createLogger } from "../../lib/logger.ts";
import { REGISTRY_CHECK_QUEUE } from "../../domain/registry-checks.ts";
import { startLoopbackServer, type LoopbackServer } from "../../testing/loopback.ts";
import { bootstrapSource, refreshRdapBootstrap } from "./registry-bootstrap.ts";
import { RDAP_BOOTSTRAP_CRON, RDAP_BOOTSTRAP_QUEUE, REGISTRY_CHECK_CRON, registerRegistryJobs } from "./registry-jobs.ts";

forEachDialect("the RDAP bootstrap", (getDb, _dialect, getTestDb) => {
  let iana: LoopbackServer;
  let body = "";
  beforeAll(async () => {
    iana = await startLoopbackServer(new Hono().get("/dns.json", (c) => c.body(body, 200, { "content-type": "application/json" })));
  });
  afterAll(() => iana.close());

  it("uses the bundled copy until a download replaces it, and keeps it when a download is not a bootstrap file", async () => {
    expect(rdapServerFor(await bootstrapSource(getDb()).current(), "example.com")).toBe("https://rdap.verisign.com/com/v1/");
    body = "<html>maintenance</html>";
    await expect(refreshRdapBootstrap(getDb(), `${iana.url}/dns.json`)).rejects.toThrow("The RDAP bootstrap file is not JSON");
    expect(rdapServerFor(await bootstrapSource(getDb()).current(), "example.com")).toBe("https://rdap.verisign.com/com/v1/");

    body = JSON.stringify({ version: "1.0", publication: "2026-11-20T18:00:01Z", services: [[["com", "net"], ["https://rdap.example.test/v2/"]]] });
    expect(await refreshRdapBootstrap(getDb(), `${iana.url}/dns.json`)).toEqual({ services: 1, publication: "2026-11-20T18:00:01Z" });
    const fresh = await bootstrapSource(getDb()).current();
    expect(rdapServerFor(fresh, "example.net")).toBe("https://rdap.example.test/v2/");
    expect(rdapServerFor(fresh, "example.org")).toBeNull();
  });

  it("schedules the lookups every 5 minutes and the bootstrap download monthly", async () => {
    const queue = createTestQueue(getTestDb());
    await queue.start({ work: false });
    try {
      await registerRegistryJobs(queue, { db: getDb(), config: loadConfig({ NODE_ENV: "test" }), log: createLogger("silent") });
      const schedules = await listSchedules(getTestDb());
      expect(schedules.filter((s) => s.name === REGISTRY_CHECK_QUEUE || s.name === RDAP_BOOTSTRAP_QUEUE)).toEqual([
        { name: RDAP_BOOTSTRAP_QUEUE, key: "monthly", cron: RDAP_BOOTSTRAP_CRON, data: {} },
        { name: REGISTRY_CHECK_QUEUE, key: "periodic", cron: REGISTRY_CHECK_CRON, data: {} },
      ]);
    } finally {
      await queue.stop();
    }
  });
});
