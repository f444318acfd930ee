import { and, count, desc, eq, isNull } from "drizzle-orm";
import { exec, type Db } from "../client.ts";
import { lockUserRow } from "./user-repository.ts";

/** A key as listed to its owner: never the secret, nor its hash. */
export interface ApiKeyDto {
  id: number;
  name: string;
  prefix: string;
  /** "read" or "write" (src/shared/schemas/api-key.ts). */
  scope: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

function columns({ t }: Db) {
  const k = t.apiKeys;
  return { id: k.id, name: k.name, prefix: k.prefix, scope: k.scope, createdAt: k.createdAt, lastUsedAt: k.lastUsedAt };
}

/**
 * Stores the key unless its user already holds `max` working keys (null then). The count and
 * the insert are one transaction with the user's row locked, so parallel creates take turns.
 */
export async function insertApiKeyWithinLimit(
  handle: Db, key: { userId: number; name: string; keyHash: string; prefix: string; scope: string }, max: number,
): Promise<ApiKeyDto | null> {
  const k = handle.t.apiKeys;
  return handle.transaction(function* (tx) {
    yield* lockUserRow(handle, tx, key.userId);
    const [held] = yield* exec(tx.select({ n: count() }).from(k).where(and(eq(k.userId, key.userId), isNull(k.revokedAt))));
    if (Number(held?.n ?? 0) >= max) return null;
    const [row] = yield* exec(tx.insert(k).values(key).returning(columns(handle)));
    if (!row) throw new Error("API key insert returned no row");
    return row;
  });
}

/** The user's keys that still work, newest first. */
export async function listActiveApiKeysByUser(handle: Db, userId: number): Promise<ApiKeyDto[]> {
  const k = handle.t.apiKeys;
  return handle.orm.select(columns(handle)).from(k)
    .where(and(eq(k.userId, userId), isNull(k.revokedAt)))
    .orderBy(desc(k.createdAt), desc(k.id));
}

/** The unrevoked key with this hash whose owner is not disabled, with its owner and scope, or null. */
export async function findActiveApiKeyByHash(
  handle: Db, keyHash: string,
): Promise<{ id: number; userId: number; scope: string; lastUsedAt: Date | null } | null> {
  const k = handle.t.apiKeys;
  const u = handle.t.users;
  const [row] = await handle.orm.select({ id: k.id, userId: k.userId, scope: k.scope, lastUsedAt: k.lastUsedAt }).from(k).innerJoin(u, eq(u.id, k.userId))
    .where(and(eq(k.keyHash, keyHash), isNull(k.revokedAt), isNull(u.disabledAt))).limit(1);
  return row ?? null;
}

/** Marks the user's key revoked; false when they have no such unrevoked key. */
export async function revokeApiKey(handle: Db, userId: number, id: number, now: Date): Promise<boolean> {
  const k = handle.t.apiKeys;
  const rows = await handle.orm.update(k).set({ revokedAt: now })
    .where(and(eq(k.id, id), eq(k.userId, userId), isNull(k.revokedAt)))
    .returning({ id: k.id });
  return rows.length > 0;
}

export async function touchApiKeyLastUsed(handle: Db, id: number, now: Date): Promise<void> {
  const k = handle.t.apiKeys;
  await handle.orm.update(k).set({ lastUsedAt: now }).where(eq(k.id, id));
}
