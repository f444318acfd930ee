/**
 * How a registrar adapter calls its API: through the shared HTTP helper, with the registrar's
 * pacing (four tries, waits of up to a minute: a sync is a background job that may wait out a
 * rate limit), no redirects (keys travel in some URLs), and refusals handed back for the
 * adapter to read. What still fails becomes a RegistrarError in the words the accounts page shows.
 */
import { ANSWER_CAPS } from "../answer-caps.ts";
import { DEFAULT_HTTP_OPTIONS, HttpError, httpRequest, type HttpRequest, type HttpResponse } from "../http.ts";
import { httpStatusMessage, unreachableMessage } from "../net/network-errors.ts";
import { RegistrarError, type RegistrarHttpOptions } from "./registrar.ts";

export const REGISTRAR_HTTP_OPTIONS = { attempts: 4, maxDelayMs: 60_000 } as const;

/** A registrar API call; `maxBytes` defaults to one page of domains (ANSWER_CAPS.registrarPage). */
export type RegistrarRequest = Omit<HttpRequest, "signal" | "returnClientErrors" | "redirect" | "maxBytes" | "urlFrom" | "network"> & { maxBytes?: number };

/** Resolves with any answer but a 429 or a 5xx, which are retried and then thrown. */
export async function callRegistrarApi(request: RegistrarRequest, http: RegistrarHttpOptions = {}): Promise<HttpResponse> {
  const { signal, ...options } = http;
  try {
    return await httpRequest(
      { ...request, maxBytes: request.maxBytes ?? ANSWER_CAPS.registrarPage, signal, returnClientErrors: true, redirect: "error" },
      { ...REGISTRAR_HTTP_OPTIONS, ...options },
    );
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    throw toRegistrarError(request.service, error, options.timeoutMs ?? DEFAULT_HTTP_OPTIONS.timeoutMs);
  }
}

/** The sentence the accounts page shows; the system code goes with the error for the logs. */
function toRegistrarError(registrar: string, error: HttpError, timeoutMs: number): RegistrarError {
  const { code, host, retryAfterMs } = error.details;
  switch (error.kind) {
    case "http":
      return new RegistrarError(registrar, httpStatusMessage(registrar, error.status ?? 500, retryAfterMs).replace(/\.$/, ""),
        error.status === 429 ? "rate-limit" : "unavailable");
    case "timeout":
      return new RegistrarError(registrar, `${registrar} did not answer within ${Math.round(timeoutMs / 1000)} seconds`, "timeout");
    case "network":
      return new RegistrarError(registrar, unreachableMessage(registrar, code, host).replace(/\.$/, ""), "network", code);
    case "incomplete":
      return new RegistrarError(registrar, `${registrar}'s answer was cut off`, "network", code);
    case "cancelled":
      return new RegistrarError(registrar, "The sync was cancelled", "network");
    case "too-large":
      return new RegistrarError(registrar, error.message.replace(/;.*$/, ""), "malformed");
    case "refused":
      return new RegistrarError(registrar, error.message.replace(/; check the configured URL$/, ""), "unavailable");
  }
}
