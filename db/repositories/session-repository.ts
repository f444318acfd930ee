import { and, eq, lt } from "drizzle-orm";
import type { Db } from "../client.ts";
import type { UserDto } from "./user-repository.ts";

export interface SessionDto {
  id: string;
  userId: number;
  expiresAt: Date;
}

/** `id` is the SHA-256 of the cookie token, never the token itself. */
export async function insertSession({ orm: db, t }: Db, session: SessionDto): Promise<void> {
  await db.insert(t.sessions).values(session);
}

export async function findSessionWithUser({ orm: db, t }: Db, id: string): Promise<{ session: SessionDto; user: UserDto } | null> {
  const s = t.sessions;
  const u = t.users;
  const [row] = await db
    .select({
      session: { id: s.id, userId: s.userId, expiresAt: s.expiresAt },
      user: { id: u.id, email: u.email, firstName: u.firstName, isAdmin: u.isAdmin, oidcSubject: u.oidcSubject },
    })
    .from(s)
    .innerJoin(u, eq(u.id, s.userId))
    .where(eq(s.id, id))
    .limit(1);
  return row ?? null;
}

export async function updateSessionExpiry({ orm: db, t }: Db, id: string, expiresAt: Date): Promise<void> {
  await db.update(t.sessions).set({ expiresAt }).where(eq(t.sessions.id, id));
}

export async function deleteSession({ orm: db, t }: Db, id: string): Promise<void> {
  await db.delete(t.sessions).where(eq(t.sessions.id, id));
}

export async function deleteUserSessions({ orm: db, t }: Db, userId: number): Promise<void> {
  await db.delete(t.sessions).where(eq(t.sessions.userId, userId));
}

/** Housekeeping: a user's sessions that ran out (their cookies are gone or useless). */
export async function deleteExpiredSessions({ orm: db, t }: Db, userId: number, now: Date): Promise<void> {
  await db.delete(t.sessions).where(and(eq(t.sessions.userId, userId), lt(t.sessions.expiresAt, now)));
}
