/**
 * TOTP secrets (encrypted by the caller) and recovery codes (their SHA-256 only). Each use of a
 * code is one conditional statement, so two requests racing with the same code cannot both pass.
 */
import { and, count, eq, isNull, lt, or } from "drizzle-orm";
import { exec, type Db } from "../client.ts";

export interface TotpRow {
  secretEncrypted: string;
  secretKeyId: string | null;
  enabledAt: Date | null;
  lastUsedStep: number | null;
}

export async function findTotp({ orm: db, t }: Db, userId: number): Promise<TotpRow | null> {
  const x = t.userTotp;
  const [row] = await db.select({ secretEncrypted: x.secretEncrypted, secretKeyId: x.secretKeyId, enabledAt: x.enabledAt, lastUsedStep: x.lastUsedStep })
    .from(x).where(eq(x.userId, userId)).limit(1);
  return row ?? null;
}

/** Stores a secret awaiting its first code, replacing an earlier unconfirmed one; false when two-step sign-in is already on. */
export async function savePendingTotp({ orm: db, t }: Db, userId: number, secretEncrypted: string, secretKeyId: string): Promise<boolean> {
  const x = t.userTotp;
  const rows = await db.insert(x).values({ userId, secretEncrypted, secretKeyId })
    .onConflictDoUpdate({ target: x.userId, set: { secretEncrypted, secretKeyId, lastUsedStep: null, createdAt: new Date() }, setWhere: isNull(x.enabledAt) })
    .returning({ userId: x.userId });
  return rows.length > 0;
}

/** Turns two-step sign-in on with its first accepted step and a fresh set of recovery codes; false when it was on already. */
export async function enableTotp(handle: Db, userId: number, step: number, codeHashes: string[], now: Date): Promise<boolean> {
  const { t } = handle;
  return handle.transaction(function* (tx) {
    const on = yield* exec(tx.update(t.userTotp).set({ enabledAt: now, lastUsedStep: step })
      .where(and(eq(t.userTotp.userId, userId), isNull(t.userTotp.enabledAt))).returning({ userId: t.userTotp.userId }));
    if (on.length === 0) return false;
    yield* exec(tx.delete(t.userRecoveryCodes).where(eq(t.userRecoveryCodes.userId, userId)));
    yield* exec(tx.insert(t.userRecoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash }))));
    return true;
  });
}

/** Accepts a TOTP step once: true only when it is newer than every step accepted before. */
export async function advanceTotpStep({ orm: db, t }: Db, userId: number, step: number): Promise<boolean> {
  const x = t.userTotp;
  const rows = await db.update(x).set({ lastUsedStep: step })
    .where(and(eq(x.userId, userId), or(isNull(x.lastUsedStep), lt(x.lastUsedStep, step))))
    .returning({ userId: x.userId });
  return rows.length > 0;
}

/** Uses up one recovery code; false when the user has no unused code with this hash. */
export async function useRecoveryCode({ orm: db, t }: Db, userId: number, codeHash: string, now: Date): Promise<boolean> {
  const r = t.userRecoveryCodes;
  const rows = await db.update(r).set({ usedAt: now })
    .where(and(eq(r.userId, userId), eq(r.codeHash, codeHash), isNull(r.usedAt))).returning({ id: r.id });
  return rows.length > 0;
}

export async function countUnusedRecoveryCodes({ orm: db, t }: Db, userId: number): Promise<number> {
  const r = t.userRecoveryCodes;
  const [row] = await db.select({ n: count() }).from(r).where(and(eq(r.userId, userId), isNull(r.usedAt)));
  return Number(row?.n ?? 0);
}

/** A new set of recovery codes; the old ones stop working in the same transaction. */
export async function replaceRecoveryCodes(handle: Db, userId: number, codeHashes: string[]): Promise<void> {
  const r = handle.t.userRecoveryCodes;
  await handle.transaction(function* (tx) {
    yield* exec(tx.delete(r).where(eq(r.userId, userId)));
    yield* exec(tx.insert(r).values(codeHashes.map((codeHash) => ({ userId, codeHash }))));
  });
}

/** Turns two-step sign-in off: the secret and every recovery code go together. */
export async function deleteTotp(handle: Db, userId: number): Promise<void> {
  const { t } = handle;
  await handle.transaction(function* (tx) {
    yield* exec(tx.delete(t.userRecoveryCodes).where(eq(t.userRecoveryCodes.userId, userId)));
    yield* exec(tx.delete(t.userTotp).where(eq(t.userTotp.userId, userId)));
  });
}
