/**
 * Registrar credentials at rest: AES-256-GCM with a key derived from APP_SECRET by HKDF. Each
 * ciphertext is stored with the id of the key that made it, so a changed APP_SECRET is told
 * apart from tampering, and keys can be rotated by re-encrypting under the new id.
 */
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from "node:crypto";

const VERSION = "v1";
// Ties a ciphertext to its purpose: it cannot be replayed as any other encrypted value.
const AAD = Buffer.from("tldscope registrar credentials v1");

export interface CredentialCipher {
  /** Short public fingerprint of the key (never the key). */
  readonly keyId: string;
  encrypt(value: unknown): { ciphertext: string; keyId: string };
  decrypt<T>(ciphertext: string, keyId: string | null): T;
}

export class CredentialKeyError extends Error {}

export function createCredentialCipher(secret: string): CredentialCipher {
  const key = Buffer.from(hkdfSync("sha256", secret, "tldscope", "registrar-credentials aes-256-gcm", 32));
  const keyId = createHash("sha256").update(Buffer.from(hkdfSync("sha256", secret, "tldscope", "key-id", 32))).digest("hex").slice(0, 16);
  return {
    keyId,
    encrypt(value) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      cipher.setAAD(AAD);
      const body = Buffer.concat([cipher.update(JSON.stringify(value), "utf8"), cipher.final()]);
      const packed = Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64");
      return { ciphertext: `${VERSION}:${packed}`, keyId };
    },
    decrypt<T>(ciphertext: string, storedKeyId: string | null): T {
      if (storedKeyId !== null && storedKeyId !== keyId) {
        throw new CredentialKeyError("These credentials were saved under a different APP_SECRET. Delete the account and add it again.");
      }
      const [version, packed] = ciphertext.split(":", 2);
      if (version !== VERSION || !packed) throw new CredentialKeyError("Stored credentials are in an unknown format. Delete the account and add it again.");
      const raw = Buffer.from(packed, "base64");
      try {
        const decipher = createDecipheriv("aes-256-gcm", key, raw.subarray(0, 12));
        decipher.setAAD(AAD);
        decipher.setAuthTag(raw.subarray(12, 28));
        const text = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
        return JSON.parse(text) as T;
      } catch {
        throw new CredentialKeyError("Stored credentials could not be decrypted. Delete the account and add it again.");
      }
    },
  };
}
