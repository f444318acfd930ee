/**
 * Sessions the Lucia way, in the database: the browser holds a random token, the table holds
 * only its SHA-256, so a leaked table cannot be replayed as cookies. Sessions slide: a session
 * used in the second half of its life is extended to a full period again.
 */
import type { Db } from "../../../../db/client.ts";
import {
  deleteExpiredSessions, deleteSession, findSessionWithUser, insertSession, touchSession, updateSessionExpiry,
  type SessionDetailDto, type SessionUserDto,
} from "../../../../db/repositories/session-repository.ts";
import { hashToken, isTokenShaped, randomToken } from "../../lib/secret-token.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
/** How often a session's last use (and address) is written down at most. */
export const LAST_SEEN_RESOLUTION_MS = 5 * 60_000;

export async function createSession(
  db: Db, userId: number, days: number, now = new Date(), seen: { userAgent?: string | undefined; ip?: string | undefined; secondFactor?: boolean } = {},
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + days * DAY_MS);
  await insertSession(db, {
    id: hashToken(token), userId, expiresAt, userAgent: seen.userAgent?.slice(0, 300) ?? null, ip: seen.ip ?? null, secondFactorAt: seen.secondFactor ? now : null,
  });
  // Sign-in is a natural moment to drop this user's dead sessions; nothing else reads them.
  await deleteExpiredSessions(db, userId, now);
  return { token, expiresAt };
}

export interface ValidSession {
  session: SessionDetailDto;
  user: SessionUserDto;
  /** In the second half of its life: extend it (and re-send the cookie) when the answer allows. */
  needsRefresh: boolean;
}

export async function validateSessionToken(db: Db, token: string, days: number, now = new Date()): Promise<ValidSession | null> {
  if (!isTokenShaped(token)) return null;
  const found = await findSessionWithUser(db, hashToken(token));
  if (!found) return null;
  const { session, user } = found;
  if (session.expiresAt.getTime() <= now.getTime()) {
    await deleteSession(db, session.id);
    return null;
  }
  return { session, user, needsRefresh: session.expiresAt.getTime() - now.getTime() < (days * DAY_MS) / 2 };
}

/** Writes down a use of the session when the last one written is older than LAST_SEEN_RESOLUTION_MS or came from elsewhere. */
export async function noteSessionUse(db: Db, session: SessionDetailDto, ip: string, now = new Date()): Promise<void> {
  if (session.ip === ip && now.getTime() - session.lastSeenAt.getTime() < LAST_SEEN_RESOLUTION_MS) return;
  await touchSession(db, session.id, now, ip);
}

/** Slides the session to a full period from now; returns the new expiry for the cookie. */
export async function extendSession(db: Db, token: string, days: number, now = new Date()): Promise<Date> {
  const expiresAt = new Date(now.getTime() + days * DAY_MS);
  await updateSessionExpiry(db, hashToken(token), expiresAt);
  return expiresAt;
}

/** Server-side revocation: the cookie may live on in the browser, but it no longer opens anything. */
export async function invalidateSessionToken(db: Db, token: string | undefined): Promise<void> {
  if (isTokenShaped(token)) await deleteSession(db, hashToken(token));
}
