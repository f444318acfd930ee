/**
 * Random secret tokens (sessions, the admin setup link, calendar feeds, API keys): random bytes
 * in lower-case base32 without padding, and the SHA-256 form they are stored in, so a leaked
 * table holds nothing that signs anyone in.
 */
import { sha256 } from "@oslojs/crypto/sha2";
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from "@oslojs/encoding";

/** `bytes` random bytes in base32: 20 bytes make 32 characters, 24 make 39. */
export function randomToken(bytes = 20): string {
  const random = new Uint8Array(bytes);
  crypto.getRandomValues(random);
  return encodeBase32LowerCaseNoPadding(random);
}

/** The stored form of a secret token. */
export const hashToken = (token: string): string => encodeHexLowerCase(sha256(new TextEncoder().encode(token)));

/** A default-sized token: 32 base32 characters. */
const TOKEN_SHAPE = /^[a-z2-7]{32}$/;

/** Whether `token` could be one randomToken() made, so a malformed one is refused before any lookup. */
export const isTokenShaped = (token: string | undefined): token is string => !!token && TOKEN_SHAPE.test(token);
