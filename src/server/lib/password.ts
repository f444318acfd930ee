/**
 * Password hashing with argon2id at OWASP's recommended minimum (19 MiB of memory, two passes,
 * one lane). The encoded hash carries its parameters, so they can be raised later: a stored
 * hash that is not argon2id with today's parameters (such as the scrypt hashes this app wrote
 * before) still verifies, and needsRehash tells sign-in to replace it with a fresh one.
 */
import { hash, parseOptions, verify, type Algorithm } from "@node-rs/argon2";
import { verifyScrypt } from "./password-scrypt.ts";

const OPTIONS = {
  // Algorithm.Argon2id; the package declares a const enum, which isolated modules cannot read.
  algorithm: 2 as Algorithm,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

// NFKC, so the same password typed on another keyboard or OS still matches.
const normalise = (password: string) => password.normalize("NFKC");

export const hashPassword = (password: string): Promise<string> => hash(normalise(password), OPTIONS);

/** False for a wrong password or an unreadable stored hash; never throws for user input. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (stored.startsWith("scrypt$")) return verifyScrypt(normalise(password), stored);
  if (!stored.startsWith("$argon2id$")) return false;
  try {
    return await verify(stored, normalise(password));
  } catch {
    return false;
  }
}

export function needsRehash(stored: string): boolean {
  if (!stored.startsWith("$argon2id$")) return true;
  try {
    const current = parseOptions(stored);
    return current.memoryCost !== OPTIONS.memoryCost || current.timeCost !== OPTIONS.timeCost || current.parallelism !== OPTIONS.parallelism;
  } catch {
    return true;
  }
}

// A fixed hash to verify against when the account does not exist, so a wrong e-mail costs as
// long as a wrong password and response times do not reveal which accounts exist.
let decoy: Promise<string> | undefined;
export async function spendDecoyVerification(password: string): Promise<void> {
  decoy ??= hashPassword("decoy password that never matches");
  await verifyPassword(password, await decoy);
}
