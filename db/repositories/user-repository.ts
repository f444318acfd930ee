import { count, eq } from "drizzle-orm";
import type { Db } from "../client.ts";

export interface UserDto {
  id: number;
  email: string;
  firstName: string | null;
  isAdmin: boolean;
  oidcSubject: string | null;
}

export interface UserWithPasswordDto extends UserDto {
  passwordHash: string | null;
}

export interface NewUser {
  email: string;
  firstName: string | null;
  passwordHash: string | null;
  oidcSubject: string | null;
  /** Admin regardless of being first (e.g. listed in ADMIN_EMAILS). */
  isAdmin: boolean;
}

function columns({ t }: Db) {
  const u = t.users;
  return { id: u.id, email: u.email, firstName: u.firstName, isAdmin: u.isAdmin, oidcSubject: u.oidcSubject };
}

/** A unique-constraint failure from either driver (drizzle wraps driver errors in `cause`). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY") return true;
  }
  return false;
}

const SIGNUP_LOCK_KEY = "users_signup_lock";

/**
 * Inserts a user; the first account on an empty table becomes admin. The upsert of a fixed
 * app_meta row takes a row lock that concurrent sign-ups on PostgreSQL wait for until commit,
 * so exactly one of them sees the empty table (SQLite's BEGIN IMMEDIATE already serialises).
 * Returns null when the e-mail or OIDC subject is already taken.
 */
export async function createUser(handle: Db, user: NewUser): Promise<UserDto | null> {
  const { t } = handle;
  try {
    return await handle.transaction(async (tx) => {
      const now = new Date().toISOString();
      await tx.insert(t.appMeta).values({ key: SIGNUP_LOCK_KEY, value: now })
        .onConflictDoUpdate({ target: t.appMeta.key, set: { value: now, updatedAt: new Date() } });
      const [existing] = await tx.select({ n: count() }).from(t.users);
      const first = (existing?.n ?? 0) === 0;
      const [row] = await tx.insert(t.users)
        .values({ ...user, isAdmin: user.isAdmin || first })
        .returning(columns(handle));
      return row!;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

export async function findUserById(handle: Db, id: number): Promise<UserDto | null> {
  const [row] = await handle.db.select(columns(handle)).from(handle.t.users).where(eq(handle.t.users.id, id)).limit(1);
  return row ?? null;
}

export async function findUserByEmail(handle: Db, email: string): Promise<UserWithPasswordDto | null> {
  const { db, t } = handle;
  const [row] = await db
    .select({ ...columns(handle), passwordHash: t.users.passwordHash })
    .from(t.users)
    .where(eq(t.users.email, email))
    .limit(1);
  return row ?? null;
}

export async function findUserByOidcSubject(handle: Db, subject: string): Promise<UserDto | null> {
  const [row] = await handle.db.select(columns(handle)).from(handle.t.users).where(eq(handle.t.users.oidcSubject, subject)).limit(1);
  return row ?? null;
}

/** Links an identity-provider subject to an existing account (first OIDC sign-in by e-mail). */
export async function setOidcSubject({ db, t }: Db, userId: number, subject: string): Promise<void> {
  await db.update(t.users).set({ oidcSubject: subject }).where(eq(t.users.id, userId));
}

export async function setCalendarTokenHash({ db, t }: Db, userId: number, hash: string | null): Promise<void> {
  await db.update(t.users).set({ calendarTokenHash: hash }).where(eq(t.users.id, userId));
}

export async function findUserByCalendarTokenHash(handle: Db, hash: string): Promise<UserDto | null> {
  const [row] = await handle.db.select(columns(handle)).from(handle.t.users).where(eq(handle.t.users.calendarTokenHash, hash)).limit(1);
  return row ?? null;
}
