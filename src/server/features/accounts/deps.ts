/** What the accounts feature needs from the process, in requests and in jobs alike. */
import type { Db } from "../../../../db/client.ts";
import type { JobQueue } from "../../../../jobs/queue.ts";
import type { Config } from "../../config.ts";
import type { CredentialCipher } from "../../lib/credential-cipher.ts";
import type { RegistrarHttpOptions } from "../../integrations/registrars/registrar.ts";
import type { Logger } from "../../lib/logger.ts";

export interface AccountDeps {
  db: Db;
  config: Config;
  cipher: CredentialCipher;
  log: Logger;
  /** Every process has one: a web process only enqueues, a worker also runs the syncs. */
  queue: JobQueue;
  /** Timeouts and retry pacing for registrar calls (tests shorten them). */
  http?: RegistrarHttpOptions;
}

/**
 * A sync that failed (its readable message), or succeeded right after a failed one
 * (`lastSyncAt`: the last successful sync before the failures, null when there was none).
 */
export type AccountSyncEvent =
  | { type: "failed"; accountId: number; error: string }
  | { type: "recovered"; accountId: number; lastSyncAt: Date | null };

/** What a sync needs: it runs inside a job and queues nothing itself. */
export type SyncDeps = Omit<AccountDeps, "queue"> & {
  /** Told of a failure and of the first success after one (the process wires notifications here); its errors are logged, not thrown. */
  onSyncEvent?: (event: AccountSyncEvent) => Promise<void>;
};

import { SYNC_ALL_QUEUE, SYNC_QUEUE, type SyncJobData } from "../../domain/job-catalogue.ts";
export { SYNC_ALL_QUEUE, SYNC_QUEUE, type SyncJobData };
export const syncSingletonKey = (accountId: number) => `account:${accountId}`;
