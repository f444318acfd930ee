/**
 * Boot's data steps (main.ts): migrate, import the bundled reference data when it changed, and
 * rebuild stale price-list rows. On SQLite these run in a worker thread of their own
 * (boot-data-worker.ts) with its own connection: better-sqlite3 holds the thread for the whole
 * import (tens of seconds on a loaded host), and the main thread must keep answering the open
 * port meanwhile. On PostgreSQL they run in the process itself, waiting on the network.
 */
import { Worker } from "node:worker_threads";
import type { Db } from "../../db/client.ts";
import { rebuildStalePriceRows } from "../../db/repositories/price-summary-repository.ts";
import { seedIfNeeded, type SeedReport } from "../../db/seed/seed.ts";
import { isServerBuild } from "./render/render-entry.ts";

export interface BootDataOptions {
  seed: boolean;
  staleDays: number;
}

export interface BootDataResult {
  /** What the import brought, or null when the data had not changed (or seeding is off). */
  report: SeedReport | null;
  rebuilt: boolean;
}

/** The steps, told to `onStep` as each starts ("migrating the database", …). */
export async function prepareData(db: Db, { seed, staleDays }: BootDataOptions, onStep: (step: string) => void): Promise<BootDataResult> {
  onStep("migrating the database");
  await db.migrate();
  let report: SeedReport | null = null;
  if (seed) {
    onStep("importing reference data");
    report = await seedIfNeeded(db, undefined, staleDays);
  }
  onStep("rebuilding price list rows");
  const rebuilt = await rebuildStalePriceRows(db, staleDays);
  return { report, rebuilt };
}

/** What boot-data-worker.ts is given. */
export interface BootDataWorkerData extends BootDataOptions {
  sqlitePath: string;
}

/** A message from boot-data-worker.ts. */
export type BootDataMessage = { step: string } | { done: BootDataResult } | { error: string };

/** prepareData on the SQLite file at `sqlitePath`, in a worker thread of its own. */
export function prepareSqliteDataOffThread(data: BootDataWorkerData, onStep: (step: string) => void): Promise<BootDataResult> {
  const file = new URL(isServerBuild ? "./boot-data-worker.js" : "./boot-data-worker-source.mjs", import.meta.url);
  return new Promise((resolve, reject) => {
    const worker = new Worker(file, { execArgv: [], workerData: data satisfies BootDataWorkerData });
    let settled = false;
    worker.on("message", (message: BootDataMessage) => {
      if ("step" in message) onStep(message.step);
      else if ("done" in message) {
        settled = true;
        resolve(message.done);
      } else {
        settled = true;
        reject(new Error(message.error));
      }
    });
    worker.on("error", (error) => {
      settled = true;
      reject(error);
    });
    worker.on("exit", (code) => {
      if (!settled) reject(new Error(`The database preparation stopped (exit code ${code})`));
    });
  });
}
