/**
 * What a new password must be beyond its length (src/shared/schemas/auth.ts): not on the ranked
 * list of common passwords that zxcvbn-ts ships (@zxcvbn-ts/language-common, about 49,000
 * passwords seen most often in breaches, the ones attackers try first), compared lower-cased and
 * with spaces taken out; and not the account's own e-mail address or its part before the "@".
 */
import { dictionary } from "@zxcvbn-ts/language-common";
import { badRequest } from "../../lib/errors.ts";

let common: Set<string> | undefined;
const commonPasswords = () => (common ??= new Set(dictionary["passwords-common"].map((p) => p.toLowerCase())));

export const COMMON_PASSWORD = "This password is on a list of commonly used passwords that attackers try first. Choose a longer, less predictable one, such as a few unrelated words.";
export const PASSWORD_IS_EMAIL = "Choose a password that is not your e-mail address.";

/** Why `password` may not be chosen, or null when it may. */
export function passwordWeakness(password: string, email: string | null): string | null {
  const plain = password.normalize("NFKC").toLowerCase();
  if (commonPasswords().has(plain) || commonPasswords().has(plain.replace(/\s+/g, ""))) return COMMON_PASSWORD;
  if (email) {
    const address = email.toLowerCase();
    const local = address.split("@")[0] ?? "";
    if (plain === address || (local.length >= 4 && plain.replace(/\s+/g, "") === local)) return PASSWORD_IS_EMAIL;
  }
  return null;
}

/** Throws a 400 naming the field when the new password may not be chosen. */
export function assertAcceptablePassword(password: string, email: string | null, field = "password"): void {
  const weakness = passwordWeakness(password, email);
  if (weakness) throw badRequest(weakness, [{ field, message: weakness }]);
}
