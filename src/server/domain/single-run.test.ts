/**
 * A request for a sweep run made while a run is under way is never lost: the run may already be
 * past its last look for due entries, so a follow-up run comes after it. Both queues.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, TEST_DIALECTS, type TestDb } from "../../../db/testing/test-db.ts";
import type { JobQueue } from "../../../jobs/queue.ts";
import { createTestQueue, gate, waitFor } from "../../../jobs/testing/queue-test-kit.ts";
import { REGISTRY_CHECK_QUEUE } from "./job-catalogue.ts";
import { FOLLOW_UP_SECONDS, requestSingleRun } from "./single-run.ts";

for (const dialect of TEST_DIALECTS) {
  describe(`single runs [${dialect}]`, () => {
    let testDb: TestDb;
    let queue: JobQueue;
    const warnings: string[] = [];
    const log = { warn: (_: object, msg: string) => void warnings.push(msg) };

    beforeAll(async () => {
      testDb = await createTestDb(dialect, { seeded: false });
      queue = createTestQueue(testDb);
      await queue.start({ work: true });
      await queue.createQueue(REGISTRY_CHECK_QUEUE);
    });
    afterAll(async () => {
      await queue.stop(500).catch(() => undefined);
      await testDb.drop();
    });

    it("runs again after a run that was under way when the request came, and only once for many requests", async () => {
      const runs: number[] = [];
      const first = gate();
      const started = gate();
      await queue.work(REGISTRY_CHECK_QUEUE, async () => {
        runs.push(Date.now());
        if (runs.length === 1) {
          started.open();
          await first.opened;
        }
      });
      await requestSingleRun(queue, REGISTRY_CHECK_QUEUE, "could not queue", log);
      await started.opened;
      // The run is past its last look: these requests come too late for it.
      for (let i = 0; i < 5; i++) await requestSingleRun(queue, REGISTRY_CHECK_QUEUE, "could not queue", log);
      const endedAt = Date.now();
      first.open();
      await waitFor(() => runs.length, (n) => n >= 2, 20_000);
      expect(runs[1]! - endedAt).toBeGreaterThanOrEqual(FOLLOW_UP_SECONDS * 1000 - 100);
      await new Promise((r) => setTimeout(r, 1500));
      expect(runs).toHaveLength(2);
      expect(await queue.counts(REGISTRY_CHECK_QUEUE)).toEqual({ queued: 0, active: 0 });
      expect(warnings).toEqual([]);
    });
  });
}
