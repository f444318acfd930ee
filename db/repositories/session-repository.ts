import { and, desc, eq, gt, isNull, lt, ne } from "drizzle-orm";
import type { Db } from "../client.ts";
import type { UserDto } from "./user-repository.ts";

export interface SessionDto {
  id: string;
  userId: number;
  expiresAt: Date;
}

/** A session with what its owner's list shows. */
export interface SessionDetailDto extends SessionDto {
  createdAt: Date;
  lastSeenAt: Date;
  userAgent: string | null;
  ip: string | null;
  /** When this session's sign-in passed a second step; null when it did not. */
  secondFactorAt: Date | null;
}

export interface SessionUserDto extends UserDto {
  /** Two-step sign-in is set up and confirmed. */
  twoFactorEnabled: boolean;
}

/** `id` is the SHA-256 of the cookie token, never the token itself. */
export async function insertSession({ orm: db, t }: Db, session: SessionDto & { userAgent?: string | null; ip?: string | null; secondFactorAt?: Date | null }): Promise<void> {
  await db.insert(t.sessions).values({ ...session, lastSeenAt: new Date() });
}

/** The session and its user; null when either is missing or the user is disabled (a disabled account's sessions open nothing). */
export async function findSessionWithUser({ orm: db, t }: Db, id: string): Promise<{ session: SessionDetailDto; user: SessionUserDto } | null> {
  const s = t.sessions;
  const u = t.users;
  const [row] = await db
    .select({
      session: { id: s.id, userId: s.userId, expiresAt: s.expiresAt, createdAt: s.createdAt, lastSeenAt: s.lastSeenAt, userAgent: s.userAgent, ip: s.ip, secondFactorAt: s.secondFactorAt },
      user: { id: u.id, email: u.email, firstName: u.firstName, isAdmin: u.isAdmin, oidcSubject: u.oidcSubject, timeZone: u.timeZone },
      totpEnabledAt: t.userTotp.enabledAt,
    })
    .from(s)
    .innerJoin(u, eq(u.id, s.userId))
    .leftJoin(t.userTotp, eq(t.userTotp.userId, u.id))
    .where(and(eq(s.id, id), isNull(u.disabledAt)))
    .limit(1);
  return row ? { session: row.session, user: { ...row.user, twoFactorEnabled: row.totpEnabledAt !== null } } : null;
}

export async function updateSessionExpiry({ orm: db, t }: Db, id: string, expiresAt: Date): Promise<void> {
  await db.update(t.sessions).set({ expiresAt }).where(eq(t.sessions.id, id));
}

/** Records a use of the session: when, and from which address. */
export async function touchSession({ orm: db, t }: Db, id: string, lastSeenAt: Date, ip: string): Promise<void> {
  await db.update(t.sessions).set({ lastSeenAt, ip }).where(eq(t.sessions.id, id));
}

export async function deleteSession({ orm: db, t }: Db, id: string): Promise<void> {
  await db.delete(t.sessions).where(eq(t.sessions.id, id));
}

export async function deleteUserSessions({ orm: db, t }: Db, userId: number): Promise<void> {
  await db.delete(t.sessions).where(eq(t.sessions.userId, userId));
}

/** The user's unexpired sessions, the most recently used first. */
export async function listUserSessions({ orm: db, t }: Db, userId: number, now: Date): Promise<SessionDetailDto[]> {
  const s = t.sessions;
  return db.select({
    id: s.id, userId: s.userId, expiresAt: s.expiresAt, createdAt: s.createdAt, lastSeenAt: s.lastSeenAt, userAgent: s.userAgent, ip: s.ip, secondFactorAt: s.secondFactorAt,
  })
    .from(s).where(and(eq(s.userId, userId), gt(s.expiresAt, now)))
    .orderBy(desc(s.lastSeenAt), desc(s.createdAt));
}

/** Deletes one of the user's sessions; false when the user has no session with that id. */
export async function deleteUserSession({ orm: db, t }: Db, userId: number, id: string): Promise<boolean> {
  const rows = await db.delete(t.sessions).where(and(eq(t.sessions.userId, userId), eq(t.sessions.id, id))).returning({ id: t.sessions.id });
  return rows.length > 0;
}

/** Deletes the user's sessions but one (the caller's own); returns how many ended. */
export async function deleteOtherSessions({ orm: db, t }: Db, userId: number, keepId: string): Promise<number> {
  const rows = await db.delete(t.sessions).where(and(eq(t.sessions.userId, userId), ne(t.sessions.id, keepId))).returning({ id: t.sessions.id });
  return rows.length;
}

/** Housekeeping: a user's sessions that ran out (their cookies are gone or useless). */
export async function deleteExpiredSessions({ orm: db, t }: Db, userId: number, now: Date): Promise<void> {
  await db.delete(t.sessions).where(and(eq(t.sessions.userId, userId), lt(t.sessions.expiresAt, now)));
}
