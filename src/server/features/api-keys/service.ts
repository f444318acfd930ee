/**
 * API keys: a random secret shown to its owner once; the table keeps its SHA-256 (so a leaked
 * table cannot be replayed as keys) and a short prefix to tell keys apart in the list.
 */
import { sha256 } from "@oslojs/crypto/sha2";
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from "@oslojs/encoding";
import type { Db } from "../../../../db/client.ts";
import {
  findActiveApiKeyByHash, insertApiKey, listActiveApiKeysByUser, revokeApiKey, touchApiKeyLastUsed, type ApiKeyDto,
} from "../../../../db/repositories/api-key-repository.ts";
import type { ApiKeyCreateInput } from "../../../shared/schemas/api-key.ts";
import { notFound } from "../../lib/errors.ts";

const KEY_PREFIX = "tlds_";
/** The prefix plus 24 random bytes in base32: 5 + 39 characters. */
const KEY_SHAPE = /^tlds_[a-z2-7]{39}$/;
/** Characters of the key kept in clear for the list (the prefix and 8 random ones). */
const SHOWN_CHARS = 13;
/** Writing last_used_at on every request would double the writes; once a minute tells as much. */
const LAST_USED_RESOLUTION_MS = 60_000;

const hashKey = (key: string) => encodeHexLowerCase(sha256(new TextEncoder().encode(key)));

function generateKey(): string {
  const bytes = new Uint8Array(24);
  crypto.getRandomValues(bytes);
  return KEY_PREFIX + encodeBase32LowerCaseNoPadding(bytes);
}

export const listApiKeys = (db: Db, userId: number): Promise<ApiKeyDto[]> => listActiveApiKeysByUser(db, userId);

/** The new key with its secret, which is never readable again. */
export async function createApiKey(db: Db, userId: number, input: ApiKeyCreateInput) {
  const key = generateKey();
  const row = await insertApiKey(db, { userId, name: input.name, keyHash: hashKey(key), prefix: key.slice(0, SHOWN_CHARS) });
  return { id: row.id, name: row.name, key, prefix: row.prefix, createdAt: row.createdAt };
}

export async function removeApiKey(db: Db, userId: number, id: number, now = new Date()): Promise<{ id: number }> {
  if (!(await revokeApiKey(db, userId, id, now))) throw notFound("API key not found");
  return { id };
}

/** The id of the working key this secret belongs to, or null (malformed, unknown or revoked). */
export async function resolveApiKey(db: Db, key: string, now = new Date()): Promise<number | null> {
  if (!KEY_SHAPE.test(key)) return null;
  const found = await findActiveApiKeyByHash(db, hashKey(key));
  if (!found) return null;
  if (!found.lastUsedAt || now.getTime() - found.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS) {
    await touchApiKeyLastUsed(db, found.id, now);
  }
  return found.id;
}
