import { and, eq, gt, ne } from "drizzle-orm";
import { exec, type Db } from "../client.ts";

export type UserTokenPurpose = "password_reset" | "email_change" | "two_factor_sign_in";

export interface UserTokenDto {
  userId: number;
  purpose: UserTokenPurpose;
  newEmail: string | null;
  expiresAt: Date;
}

/**
 * Stores a token (its SHA-256 as `id`) and drops the user's other tokens of the same purpose in
 * one transaction: the newest link is the only one that works.
 */
export async function replaceUserToken(handle: Db, token: { id: string; userId: number; purpose: UserTokenPurpose; newEmail?: string | null; expiresAt: Date }): Promise<void> {
  const ut = handle.t.userTokens;
  await handle.transaction(function* (tx) {
    yield* exec(tx.delete(ut).where(and(eq(ut.userId, token.userId), eq(ut.purpose, token.purpose))));
    yield* exec(tx.insert(ut).values({ id: token.id, userId: token.userId, purpose: token.purpose, newEmail: token.newEmail ?? null, expiresAt: token.expiresAt }));
  });
}

/** The unexpired token of this purpose with this hash, without using it up. */
export async function findUserToken(handle: Db, id: string, purpose: UserTokenPurpose, now: Date): Promise<UserTokenDto | null> {
  const ut = handle.t.userTokens;
  const [row] = await handle.orm.select({ userId: ut.userId, purpose: ut.purpose, newEmail: ut.newEmail, expiresAt: ut.expiresAt })
    .from(ut).where(and(eq(ut.id, id), eq(ut.purpose, purpose), gt(ut.expiresAt, now))).limit(1);
  return row ? { ...row, purpose: row.purpose as UserTokenPurpose } : null;
}

export async function deleteUserTokens(handle: Db, userId: number, purpose?: UserTokenPurpose): Promise<void> {
  const ut = handle.t.userTokens;
  await handle.orm.delete(ut).where(and(eq(ut.userId, userId), purpose ? eq(ut.purpose, purpose) : undefined));
}

/** Deletes one token and says whether it was there: of two concurrent uses exactly one gets true. */
export async function deleteUserToken(handle: Db, id: string): Promise<boolean> {
  const ut = handle.t.userTokens;
  const rows = await handle.orm.delete(ut).where(eq(ut.id, id)).returning({ id: ut.id });
  return rows.length > 0;
}

/**
 * Uses up an unexpired token and runs `then` in the same transaction: the token is deleted, and
 * `then`'s writes happen, only together. Null when the token was not there (used, replaced or expired).
 */
export async function consumeUserToken<T>(
  handle: Db, id: string, purpose: UserTokenPurpose, now: Date,
  then: (tx: import("../client.ts").Executor, token: UserTokenDto) => Generator<import("../client.ts").TxStatement, T, unknown>,
): Promise<T | null> {
  const ut = handle.t.userTokens;
  return handle.transaction(function* (tx) {
    const [row] = yield* exec(tx.delete(ut).where(and(eq(ut.id, id), eq(ut.purpose, purpose), gt(ut.expiresAt, now)))
      .returning({ userId: ut.userId, purpose: ut.purpose, newEmail: ut.newEmail, expiresAt: ut.expiresAt }));
    if (!row) return null;
    return yield* then(tx, { ...row, purpose: row.purpose as UserTokenPurpose });
  });
}

/** Sessions of the user other than `keepSessionId` (all when null), inside a caller's transaction. */
export function* deleteSessionsInTx(handle: Db, tx: import("../client.ts").Executor, userId: number, keepSessionId: string | null) {
  const s = handle.t.sessions;
  yield* exec(tx.delete(s).where(and(eq(s.userId, userId), keepSessionId ? ne(s.id, keepSessionId) : undefined)));
}
