/**
 * Signatures of generic JSON webhooks. Each request carries
 *   X-TLDScope-Timestamp: <Unix time in seconds>
 *   X-TLDScope-Signature: v1=<lowercase hex HMAC-SHA256(secret, timestamp + "." + raw body)>
 * A receiver recomputes the HMAC over the exact bytes it received (before any JSON parsing),
 * compares in constant time, and refuses a timestamp too far from its own clock so a captured
 * request cannot be replayed later. `verifyWebhookSignature` below is that check, written as a
 * receiver would write it; the API reference shows the same steps.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

export const TIMESTAMP_HEADER = "X-TLDScope-Timestamp";
export const SIGNATURE_HEADER = "X-TLDScope-Signature";
/** How far a receiver should let the timestamp stray from its clock, in seconds. */
export const DEFAULT_TOLERANCE_SECONDS = 300;
const SCHEME = "v1";

/** A new per-webhook signing secret: 32 random bytes, shown to its owner once. */
export function generateSigningSecret(): string {
  return `whsec_${randomBytes(32).toString("base64url")}`;
}

export function signPayload(secret: string, timestamp: number, body: string): string {
  const mac = createHmac("sha256", secret).update(`${timestamp}.${body}`, "utf8").digest("hex");
  return `${SCHEME}=${mac}`;
}

export interface SignatureCheck {
  secret: string;
  /** The X-TLDScope-Timestamp header as received. */
  timestamp: string | null | undefined;
  /** The X-TLDScope-Signature header as received. */
  signature: string | null | undefined;
  /** The raw request body, exactly as received. */
  body: string | Buffer;
  toleranceSeconds?: number;
  /** The receiver's clock, in seconds. */
  now?: number;
}

/** Whether a received request was signed with `secret`, within the time tolerance. */
export function verifyWebhookSignature(check: SignatureCheck): { ok: true } | { ok: false; reason: string } {
  const { secret, timestamp, signature } = check;
  if (!timestamp || !/^\d{1,12}$/.test(timestamp)) return { ok: false, reason: "missing or malformed timestamp" };
  const now = check.now ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - Number(timestamp)) > (check.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS)) {
    return { ok: false, reason: "timestamp outside the tolerance" };
  }
  if (!signature?.startsWith(`${SCHEME}=`)) return { ok: false, reason: "no v1 signature" };
  const body = typeof check.body === "string" ? check.body : check.body.toString("utf8");
  const expected = Buffer.from(createHmac("sha256", secret).update(`${timestamp}.${body}`, "utf8").digest("hex"), "utf8");
  const given = Buffer.from(signature.slice(SCHEME.length + 1).trim(), "utf8");
  const matches = given.length === expected.length && timingSafeEqual(given, expected);
  return matches ? { ok: true } : { ok: false, reason: "signature does not match" };
}
