import type { Db } from "../../../db/client.ts";
import type { JobQueue } from "../../../jobs/queue.ts";
import type { Config } from "../config.ts";
import type { CredentialCipher } from "../lib/credential-cipher.ts";
import type { Logger } from "../lib/logger.ts";

/** The signed-in user as every feature sees it. */
export interface SessionUser {
  id: number;
  email: string;
  firstName: string | null;
  isAdmin: boolean;
}

/** What a request carries into services: from Hono for REST shims, from tRPC's context for procedures. */
export interface RequestContext {
  db: Db;
  config: Config;
  log: Logger;
  requestId: string;
  user: SessionUser | null;
  sessionId: string | null;
  ip: string;
  /** Public origin for absolute links: APP_URL's origin when set, else the request's. */
  origin: string;
  /** Encrypts and decrypts stored registrar credentials. */
  cipher: CredentialCipher;
  /** The job queue, or null in a process that has none (jobs cannot be sent from it). */
  queue: JobQueue | null;
}
