/**
 * The worker thread of boot-data.ts: opens the SQLite file, runs prepareData on it, says each
 * step and the result to main.ts, and closes its connection.
 */
import { parentPort, workerData } from "node:worker_threads";
import { openDb } from "../../db/client.ts";
import { prepareData, type BootDataMessage, type BootDataWorkerData } from "./boot-data.ts";

const { sqlitePath, seed, staleDays } = workerData as BootDataWorkerData;
const post = (message: BootDataMessage) => parentPort!.postMessage(message);
const db = openDb({ databaseUrl: "", sqlitePath });
try {
  post({ done: await prepareData(db, { seed, staleDays }, (step) => post({ step })) });
} catch (error) {
  post({ error: error instanceof Error ? error.message : String(error) });
} finally {
  await db.close();
}
