import type { Db } from "../../../db/client.ts";
import type { JobQueue } from "../../../jobs/queue.ts";
import type { Config } from "../config.ts";
import type { PriceSources } from "../features/price-engine/sources.ts";

export type { PriceSources };
import type { CredentialCipher } from "../lib/credential-cipher.ts";
import type { Logger } from "../lib/logger.ts";
import type { TokenSigner } from "../lib/signed-token.ts";

/** The signed-in user as every feature sees it. */
export interface SessionUser {
  id: number;
  email: string;
  firstName: string | null;
  isAdmin: boolean;
  /** The IANA zone the account chose for moments; null when it chose none. */
  timeZone: string | null;
  /**
   * An administrator held back from the admin area until they turn two-step sign-in on, because
   * the admin area requires it (isAdmin is false meanwhile).
   */
  adminNeedsTwoFactor?: boolean;
}

/** What a request carries into services: from Hono for REST shims, from tRPC's context for procedures. */
export interface RequestContext {
  db: Db;
  /** Services enqueue here; jobs run in worker processes (ROLE=worker or all). */
  queue: JobQueue;
  config: Config;
  log: Logger;
  requestId: string;
  user: SessionUser | null;
  sessionId: string | null;
  ip: string;
  /** Public origin for absolute links: APP_URL's origin when set, else the request's. */
  origin: string;
  /** Where price fetches get their lists (live adapters, bundled lists). */
  priceSources: PriceSources;
  /** Called after stored prices or a provider's active flag change (drops cached price answers). */
  onPricesChanged: (db: Db) => void;
  /**
   * Marks the answer as personal, so it goes out with `Cache-Control: private, no-store`.
   * tRPC procedures that read the user call it (through authedProcedure, or themselves).
   */
  markPrivate(): void;
  /** Encrypts and decrypts stored registrar credentials. */
  cipher: CredentialCipher;
  /** Signs and checks tokens in links (notification unsubscribe links). */
  signer: TokenSigner;
}
