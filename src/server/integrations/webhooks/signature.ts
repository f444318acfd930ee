/**
 * Signatures of generic JSON webhooks. Each request carries
 *   X-TLDScope-Timestamp: <Unix time in seconds>
 *   X-TLDScope-Signature: v1=<lowercase hex HMAC-SHA256(secret, timestamp + "." + raw body)>
 * A receiver recomputes the HMAC over the exact bytes it received (before any JSON parsing),
 * compares in constant time, and refuses a timestamp too far from its own clock so a captured
 * request cannot be replayed later. The API reference shows receivers that check
 * (receiver-example.ts, run by a test against signed requests).
 */
import { createHmac, randomBytes } from "node:crypto";

export const TIMESTAMP_HEADER = "X-TLDScope-Timestamp";
export const SIGNATURE_HEADER = "X-TLDScope-Signature";
const SCHEME = "v1";

/** A new per-webhook signing secret: 32 random bytes, shown to its owner once. */
export function generateSigningSecret(): string {
  return `whsec_${randomBytes(32).toString("base64url")}`;
}

export function signPayload(secret: string, timestamp: number, body: string): string {
  const mac = createHmac("sha256", secret).update(`${timestamp}.${body}`, "utf8").digest("hex");
  return `${SCHEME}=${mac}`;
}
