/**
 * One interface for every registrar API the product syncs domains from. An adapter knows one
 * API's URLs, authentication, paging and field names; it returns portfolio-shaped domains and
 * throws RegistrarError with a message a person can act on (never a credential or a URL).
 */
import type { HttpOptions } from "../http.ts";

export type RegistrarErrorKind = "auth" | "rate-limit" | "unavailable" | "malformed" | "timeout" | "network" | "rejected" | "incomplete";

export class RegistrarError extends Error {
  /** `code`: the system error code behind a network failure (ENOTFOUND…), for the logs only. */
  constructor(readonly registrar: string, message: string, readonly kind: RegistrarErrorKind, readonly code?: string) {
    super(message);
    this.name = "RegistrarError";
  }
}

/** Timeouts and retry pacing for an adapter's calls, and the signal of the sync that runs them. */
export type RegistrarHttpOptions = HttpOptions & { signal?: AbortSignal | undefined };

export interface RegistrarCredentials {
  apiKey: string;
  secretKey: string;
}

/** A domain as the portfolio stores it; null where the registrar does not say. */
export interface RegistrarDomain {
  name: string;
  registrationDate: string | null;
  expirationDate: string | null;
  autoRenew: boolean | null;
  isLocked: boolean | null;
  privacyEnabled: boolean | null;
}

export interface AdapterContext {
  credentials: RegistrarCredentials;
  /** The API's base URL, from config (<NAME>_API_URL), without a trailing slash. */
  baseUrl: string;
  http: RegistrarHttpOptions;
  /** The server's public IPv4 address, for APIs that check it (Namecheap). */
  clientIp?: string | undefined;
  /** The most domains a portfolio holds (PORTFOLIO_MAX_DOMAINS): sizes the cap of an API that lists every domain at once. */
  maxDomains?: number | undefined;
}

export interface RegistrarAdapter {
  /** The registrar's own words when the credentials work; throws RegistrarError otherwise. */
  testConnection(): Promise<{ message: string }>;
  /** Every domain in the account, all pages. */
  listDomains(): Promise<RegistrarDomain[]>;
}

export type RegistrarAdapterFactory = (ctx: AdapterContext) => RegistrarAdapter;
