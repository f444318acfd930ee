import { expect, it } from "vitest";
import type { JobQueue } from "../../../../jobs/queue.ts";
import { forEachDialect } from "../../../../db/testing/test-db.ts";
import { createTestApp, getJson } from "../../testing/test-app.ts";
import { overallStatus } from "./service.ts";

interface Component { id: string; name: string; group: string; status: string; description: string; responseTimeMs: number | null; lastSuccessAt: string | null }
interface Status {
  status: string; checkedAt: string; uptimeSeconds: number; components: Component[];
  metrics: { days: number; fetches: number; successfulFetches: number; averageFetchMs: number | null; incidents: number } | null;
  incidents: Array<{ title: string; status: string; startTime: string; endTime: string | null }>;
}

const HOUR = 3_600_000;

/** Only what /api/status reads from a queue; the rest would fail loudly if it were called. */
function fakeQueue(counts: () => Promise<{ queued: number; active: number }>): JobQueue {
  const unused = () => { throw new Error("not used by the status page"); };
  return {
    kind: "in-process", counts, createQueue: unused, send: unused, work: unused, schedule: unused, unschedule: unused,
    cancel: unused, activeJobs: unused, getJob: unused, start: unused, stop: unused,
  };
}

it("overall status: operational only when all are, outage when any is, degraded otherwise (unknown values included)", () => {
  expect(overallStatus([{ status: "operational" }, { status: "operational" }])).toBe("operational");
  expect(overallStatus([{ status: "operational" }, { status: "maintenance" }])).toBe("degraded");
  expect(overallStatus([{ status: "degraded" }, { status: "outage" }])).toBe("outage");
  expect(overallStatus([{ status: "operational" }, { status: "not-running" }])).toBe("degraded");
});

forEachDialect("GET /api/status", (getDb) => {
  const byId = (body: Status, id: string) => body.components.find((c) => c.id === id)!;

  it("measures the web process, the database and the queue's counts", async () => {
    const idleQueue = fakeQueue(async () => ({ queued: 0, active: 0 }));
    const { status, res, body } = await getJson<Status>(createTestApp(getDb(), { queue: idleQueue }), "/api/status");
    expect(status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(byId(body, "web")).toMatchObject({ status: "operational", description: expect.stringMatching(/^Up for \d+/) });
    expect(body.uptimeSeconds).toBeGreaterThanOrEqual(0);
    const database = byId(body, "database");
    expect(database.status).toBe("operational");
    expect(database.responseTimeMs).toEqual(expect.any(Number));
    expect(database.description).toMatch(/^(SQLite|PostgreSQL) answered in \d+ ms$/);
    expect(byId(body, "job-queue")).toMatchObject({ status: "operational", description: "0 queued, 0 running (in-process)" });
    // Seeded prices come from bundled files: no fetch is logged, so every source is unknown.
    const sources = body.components.filter((c) => c.group === "price-source");
    expect(sources.map((c) => c.name)).toContain("Porkbun");
    expect(sources.map((c) => c.name)).not.toContain("Google Domains");
    expect(sources.every((c) => c.status === "unknown" && c.description === "No price fetch logged yet")).toBe(true);
    expect(body.status).toBe("degraded");
    expect(body.metrics).toEqual({ days: 30, fetches: 0, successfulFetches: 0, averageFetchMs: null, incidents: 0 });
  });

  it("reports a queue's counts, and an outage when it fails", async () => {
    const ok = await getJson<Status>(createTestApp(getDb(), { queue: fakeQueue(async () => ({ queued: 3, active: 1 })) }), "/api/status");
    expect(byId(ok.body, "job-queue")).toMatchObject({ status: "operational", description: "3 queued, 1 running (in-process)" });
    const broken = await getJson<Status>(createTestApp(getDb(), { queue: fakeQueue(async () => { throw new Error("down"); }) }), "/api/status");
    expect(byId(broken.body, "job-queue")).toMatchObject({ status: "outage", description: "The queue did not answer" });
    expect(broken.body.status).toBe("outage");
  });

  it("rates each price source by its last successful fetch and counts 30 days of fetches and incidents", async () => {
    const { db, t } = getDb();
    const providers = await db.select({ id: t.serviceProviders.id, name: t.serviceProviders.name }).from(t.serviceProviders);
    const id = (name: string) => providers.find((p) => p.name === name)!.id;
    const now = Date.now();
    const log = (name: string, status: string, hoursAgo: number, ms: number) => ({
      serviceProviderId: id(name), requestType: "pricing", status, responseTimeMs: ms,
      startedAt: new Date(now - hoursAgo * HOUR - ms), completedAt: new Date(now - hoursAgo * HOUR),
    });
    await db.insert(t.priceLogs).values([
      log("Porkbun", "success", 2, 400),
      log("Dynadot", "success", 60, 600), // stale: degraded
      log("Namecheap", "success", 30, 200), log("Namecheap", "error", 1, 100), // fresh, but the latest failed
      log("Hover", "success", 24 * 10, 300), // older than a week: outage
      log("Openprovider", "timeout", 3, 60_000), // never succeeded
      log("Porkbun", "success", 24 * 40, 999), // outside the 30 days
    ]);
    await db.insert(t.incidents).values([
      { title: "Dynadot fetches failing", description: "HTTP 503", severity: "high", status: "investigating", source: "alert", createdAt: new Date(now - 5 * HOUR) },
      { title: "Old issue", description: "fixed", severity: "low", status: "resolved", source: "manual", createdAt: new Date(now - 3 * 24 * HOUR), resolvedAt: new Date(now - 2 * 24 * HOUR) },
    ]);
    const { body } = await getJson<Status>(createTestApp(getDb()), "/api/status");
    const source = (name: string) => body.components.find((c) => c.name === name)!;
    expect(source("Porkbun")).toMatchObject({ status: "operational", description: "Last successful fetch 2 h ago" });
    expect(new Date(source("Porkbun").lastSuccessAt!).getTime()).toBe(now - 2 * HOUR);
    expect(source("Dynadot")).toMatchObject({ status: "degraded", description: "Last successful fetch 2 days ago" });
    expect(source("Namecheap")).toMatchObject({ status: "degraded", description: "Latest fetch failed; last success 30 h ago" });
    expect(source("Hover")).toMatchObject({ status: "outage", description: "Last successful fetch 10 days ago" });
    expect(source("Openprovider")).toMatchObject({ status: "outage", description: "Every logged fetch failed" });
    expect(body.status).toBe("outage");
    expect(body.metrics).toEqual({ days: 30, fetches: 6, successfulFetches: 4, averageFetchMs: Math.round((400 + 600 + 200 + 100 + 300 + 60_000) / 6), incidents: 2 });
    expect(body.incidents.map((i) => [i.title, i.status])).toEqual([["Dynadot fetches failing", "in-progress"], ["Old issue", "resolved"]]);
    expect(body.incidents[1]?.endTime).not.toBeNull();
  });

  it("has a tRPC twin with the same answer shape", async () => {
    const { body } = await getJson<{ result: { data: Status } }>(createTestApp(getDb()), "/trpc/status.get");
    expect(body.result.data.components.map((c) => c.id).slice(0, 3)).toEqual(["web", "database", "job-queue"]);
  });
});
