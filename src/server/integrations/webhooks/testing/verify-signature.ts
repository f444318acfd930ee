/**
 * The receiver's side of signature.ts, for tests that check what a sender signed: the steps of
 * the API reference's receiver example (receiver-example.ts), with the reason a check fails.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

/** How far the timestamp may stray from the receiver's clock, in seconds (the example's 5 minutes). */
const DEFAULT_TOLERANCE_SECONDS = 300;
const SCHEME = "v1";

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
