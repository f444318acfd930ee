/**
 * Sentences for the ways a call to another service fails, in one place: a system error code
 * (ENOTFOUND, ECONNREFUSED…) or an HTTP status becomes what a person can act on. The code itself
 * stays with the error (HttpError.details.code) for the logs operators read.
 */

const CERTIFICATE_CODES = new Set([
  "CERT_HAS_EXPIRED", "CERT_NOT_YET_VALID", "DEPTH_ZERO_SELF_SIGNED_CERT", "SELF_SIGNED_CERT_IN_CHAIN",
  "UNABLE_TO_VERIFY_LEAF_SIGNATURE", "UNABLE_TO_GET_ISSUER_CERT_LOCALLY", "ERR_TLS_CERT_ALTNAME_INVALID",
]);

/**
 * Why `host` could not be reached, as the end of a sentence ("the address api.porkbun.com was not
 * found (DNS)"); null for a code with no common meaning, which the caller words generically.
 */
export function networkReason(code: string | undefined, host: string | undefined): string | null {
  if (!code) return null;
  const where = host ?? "the server";
  if (code === "ENOTFOUND" || code === "EAI_AGAIN" || code === "EAI_NONAME") return `the address ${where} was not found (DNS)`;
  if (code === "ECONNREFUSED") return `${where} refused the connection`;
  if (code === "ETIMEDOUT" || code === "UND_ERR_CONNECT_TIMEOUT") return `the connection to ${where} timed out`;
  if (code === "ECONNRESET" || code === "EPIPE" || code === "UND_ERR_SOCKET") return `the connection to ${where} was closed unexpectedly`;
  if (code === "EHOSTUNREACH" || code === "ENETUNREACH" || code === "ENETDOWN") return `there is no network route to ${where}`;
  if (CERTIFICATE_CODES.has(code)) return `the secure connection to ${where} failed (its TLS certificate could not be verified)`;
  // A handshake that broke down (an https URL on a plain-HTTP port answers ERR_SSL_WRONG_VERSION_NUMBER).
  if (code === "EPROTO" || code.startsWith("ERR_SSL_") || code.startsWith("ERR_TLS_")) return `the secure connection to ${where} failed`;
  return null;
}

/** "Could not reach Porkbun: the address api.porkbun.com was not found (DNS)." */
export function unreachableMessage(service: string, code: string | undefined, host: string | undefined): string {
  const reason = networkReason(code, host);
  return reason ? `Could not reach ${service}: ${reason}.` : `Could not reach ${service}; check the network and try again later.`;
}

/** What an HTTP refusal from `service` means for the person who asked. */
export function httpStatusMessage(service: string, status: number, retryAfterMs?: number): string {
  if (status === 401 || status === 403) return `${service} refused the credentials (HTTP ${status}); check the API key and the account's API access.`;
  if (status === 429) {
    const when = retryAfterMs !== undefined ? `try again in ${Math.ceil(retryAfterMs / 1000)} s` : "try again later";
    return `${service} is limiting requests (HTTP 429); ${when}.`;
  }
  if (status >= 500) return `${service} is unavailable (HTTP ${status}); try again later.`;
  return `${service} refused the request (HTTP ${status}).`;
}
