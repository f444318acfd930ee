/**
 * Tokens that prove the server made them: a value and its HMAC-SHA256 under a key derived from
 * APP_SECRET for one purpose, so a token made for one purpose never passes for another. Nothing
 * is stored; a token stays valid while APP_SECRET is unchanged. Only the exact token the server
 * wrote passes: the signature is compared as the canonical base64url text (no padding, no
 * standard-alphabet characters, no stray bits or whitespace), not decoded leniently first.
 */
import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";

export interface TokenSigner {
  /** `value` (letters, digits, "-", "_", ":" and ".") with its signature: "value~signature". */
  sign(purpose: string, value: string): string;
  /** The signed value, or null when the token is malformed or its signature does not match. */
  verify(purpose: string, token: string): string | null;
}

const VALUE = /^[A-Za-z0-9_:.-]{1,400}$/;

export function createTokenSigner(secret: string): TokenSigner {
  const keys = new Map<string, Buffer>();
  const keyFor = (purpose: string) => {
    let key = keys.get(purpose);
    if (!key) keys.set(purpose, key = Buffer.from(hkdfSync("sha256", secret, "tldscope", `signed-token ${purpose}`, 32)));
    return key;
  };
  const mac = (purpose: string, value: string) => createHmac("sha256", keyFor(purpose)).update(value).digest();
  return {
    sign(purpose, value) {
      if (!VALUE.test(value)) throw new Error(`Cannot sign "${value}": only letters, digits, "-", "_", ":" and "." are allowed`);
      return `${value}~${mac(purpose, value).toString("base64url")}`;
    },
    verify(purpose, token) {
      const cut = token.lastIndexOf("~");
      if (cut <= 0) return null;
      const value = token.slice(0, cut);
      if (!VALUE.test(value)) return null;
      const given = Buffer.from(token.slice(cut + 1), "utf8");
      const expected = Buffer.from(mac(purpose, value).toString("base64url"), "utf8");
      return given.length === expected.length && timingSafeEqual(given, expected) ? value : null;
    },
  };
}
