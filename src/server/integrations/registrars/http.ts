/**
 * The small HTTP client the registrar adapters share: a timeout per request, bounded retries
 * with backoff for 429 (honouring Retry-After) and 5xx, and errors that name the registrar but
 * never the URL (some APIs carry the key in the query string).
 */
export type RegistrarErrorKind = "auth" | "rate-limit" | "unavailable" | "malformed" | "timeout" | "network" | "rejected" | "incomplete";

export class RegistrarError extends Error {
  constructor(readonly registrar: string, message: string, readonly kind: RegistrarErrorKind) {
    super(message);
    this.name = "RegistrarError";
  }
}

export interface HttpOptions {
  /** Per request (default 30 s). */
  timeoutMs?: number;
  /** Retries after a 429, a 5xx or a network failure (default 3). */
  maxRetries?: number;
  /** First backoff; doubles each retry (default 1 s). */
  retryBaseMs?: number;
  /** A Retry-After longer than this fails at once instead of holding the job (default 60 s). */
  maxRetryWaitMs?: number;
  /** Aborts waiting and in-flight requests (job cancelled or expired). */
  signal?: AbortSignal | undefined;
}

export interface HttpAnswer {
  status: number;
  text: string;
}

const sleep = (ms: number, signal?: AbortSignal) => new Promise<void>((resolve, reject) => {
  const timer = setTimeout(resolve, ms);
  signal?.addEventListener("abort", () => { clearTimeout(timer); reject(signal.reason); }, { once: true });
});

/** Retry-After as seconds or an HTTP date, in milliseconds; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

export async function send(registrar: string, url: string, init: RequestInit, options: HttpOptions = {}): Promise<HttpAnswer> {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const maxRetries = options.maxRetries ?? 3;
  const base = options.retryBaseMs ?? 1000;
  const maxWait = options.maxRetryWaitMs ?? 60_000;
  for (let attempt = 0; ; attempt++) {
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
    let res: Response;
    try {
      res = await fetch(url, { ...init, signal, redirect: "error" });
    } catch (error) {
      if (options.signal?.aborted) throw new RegistrarError(registrar, "The sync was cancelled", "network");
      if (timeout.aborted) throw new RegistrarError(registrar, `${registrar} did not answer within ${Math.round(timeoutMs / 1000)} seconds`, "timeout");
      if (attempt < maxRetries) { await sleep(base * 2 ** attempt, options.signal); continue; }
      const code = (error as { cause?: { code?: string } }).cause?.code;
      throw new RegistrarError(registrar, `Could not reach ${registrar}${code ? ` (${code})` : ""}`, "network");
    }
    if (res.status === 429 || res.status >= 500) {
      const hinted = res.status === 429 ? retryAfterMs(res.headers.get("retry-after")) : null;
      await res.body?.cancel().catch(() => undefined);
      const wait = hinted ?? base * 2 ** attempt;
      if (attempt < maxRetries && wait <= maxWait) { await sleep(wait, options.signal); continue; }
      throw res.status === 429
        ? new RegistrarError(registrar, `${registrar} is limiting requests (HTTP 429)${hinted !== null ? `; try again in ${Math.ceil(hinted / 1000)} s` : "; try again later"}`, "rate-limit")
        : new RegistrarError(registrar, `${registrar} is unavailable (HTTP ${res.status}); try again later`, "unavailable");
    }
    try {
      return { status: res.status, text: await res.text() };
    } catch {
      if (timeout.aborted) throw new RegistrarError(registrar, `${registrar} did not answer within ${Math.round(timeoutMs / 1000)} seconds`, "timeout");
      throw new RegistrarError(registrar, `${registrar}'s answer was cut off`, "network");
    }
  }
}
