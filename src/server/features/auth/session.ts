/**
 * Sessions the Lucia way, in the database: the browser holds a random token, the table holds
 * only its SHA-256, so a leaked table cannot be replayed as cookies. Sessions slide: a session
 * used in the second half of its life is extended to a full period again.
 */
import { sha256 } from "@oslojs/crypto/sha2";
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from "@oslojs/encoding";
import type { Db } from "../../../../db/client.ts";
import {
  deleteExpiredSessions, deleteSession, findSessionWithUser, insertSession, updateSessionExpiry, type SessionDto,
} from "../../../../db/repositories/session-repository.ts";
import type { UserDto } from "../../../../db/repositories/user-repository.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
/** 20 random bytes in lower-case base32 without padding: always 32 characters. */
const TOKEN_SHAPE = /^[a-z2-7]{32}$/;

export function generateSecretToken(): string {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

/** The stored form of a secret token (sessions, calendar feeds). */
export const hashToken = (token: string): string => encodeHexLowerCase(sha256(new TextEncoder().encode(token)));

export const isTokenShaped = (token: string | undefined): token is string => !!token && TOKEN_SHAPE.test(token);

export async function createSession(db: Db, userId: number, days: number, now = new Date()): Promise<{ token: string; expiresAt: Date }> {
  const token = generateSecretToken();
  const expiresAt = new Date(now.getTime() + days * DAY_MS);
  await insertSession(db, { id: hashToken(token), userId, expiresAt });
  // Sign-in is a natural moment to drop this user's dead sessions; nothing else reads them.
  await deleteExpiredSessions(db, userId, now);
  return { token, expiresAt };
}

export interface ValidSession {
  session: SessionDto;
  user: UserDto;
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
