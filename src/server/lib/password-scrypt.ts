/**
 * Verification of the scrypt hashes this app stored before argon2id, `scrypt$N$r$p$salt$key`
 * (base64 salt and 64-byte key). Nothing writes them any more; sign-in replaces each one with
 * an argon2id hash the first time its password is entered correctly.
 */
import { scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

const KEY_BYTES = 64;

export function deriveScrypt(password: string, salt: Buffer, options: { N: number; r: number; p: number }): Promise<Buffer> {
  // scrypt needs 128·N·r bytes; Node's default ceiling (32 MiB) is exactly that at N=2^15, so raise it.
  const scryptOptions: ScryptOptions = { ...options, maxmem: 256 * options.N * options.r };
  return new Promise((resolve, reject) => {
    scrypt(password, salt, KEY_BYTES, scryptOptions, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** `password` is already NFKC-normalised. False for a mismatch or an unreadable hash. */
export async function verifyScrypt(password: string, stored: string): Promise<boolean> {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return false;
  const [n, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  // Bounds keep a hostile stored value from asking for gigabytes of memory.
  if (![n, r, p].every(Number.isSafeInteger) || n > 2 ** 20 || r > 32 || p > 16) return false;
  const salt = Buffer.from(parts[4]!, "base64");
  const expected = Buffer.from(parts[5]!, "base64");
  if (expected.length !== KEY_BYTES) return false;
  try {
    return timingSafeEqual(await deriveScrypt(password, salt, { N: n, r, p }), expected);
  } catch {
    return false; // e.g. N not a power of two
  }
}
