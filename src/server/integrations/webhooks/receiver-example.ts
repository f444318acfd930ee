/**
 * How a receiver checks a generic webhook, as the API reference shows it: JavaScript a reader can
 * copy into a Node receiver. A test runs this very text against signed requests, so the page
 * cannot drift from what the sender does (signature.ts).
 */
export const RECEIVER_EXAMPLE = `import { createHmac, timingSafeEqual } from "node:crypto";

// secret: the webhook's secret (whsec_…), shown once when the webhook was added.
// rawBody: the request body exactly as received, before any JSON parsing.
export function verifyTldscopeWebhook(secret, headers, rawBody) {
  const timestamp = headers["x-tldscope-timestamp"] ?? "";
  const signature = headers["x-tldscope-signature"] ?? "";
  if (!/^\\d+$/.test(timestamp)) return false;
  // Refuse requests signed more than 5 minutes from this clock: a captured one cannot be replayed.
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false;
  const expected = "v1=" + createHmac("sha256", secret).update(timestamp + "." + rawBody).digest("hex");
  const given = Buffer.from(signature);
  return given.length === Buffer.byteLength(expected) && timingSafeEqual(given, Buffer.from(expected));
}
`;
