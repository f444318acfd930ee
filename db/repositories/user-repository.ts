import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { exec, type Db, type Executor, type TxBody } from "../client.ts";

export interface UserDto {
  id: number;
  email: string;
  firstName: string | null;
  isAdmin: boolean;
  oidcSubject: string | null;
  /** The IANA zone the account chose for moments; null: the browser's on the pages, UTC in mails and feeds. */
  timeZone: string | null;
}

export interface UserWithPasswordDto extends UserDto {
  passwordHash: string | null;
}

export interface NewUser {
  email: string;
  firstName: string | null;
  passwordHash: string | null;
  oidcSubject: string | null;
  isAdmin: boolean;
}

function columns({ t }: Db) {
  const u = t.users;
  return { id: u.id, email: u.email, firstName: u.firstName, isAdmin: u.isAdmin, oidcSubject: u.oidcSubject, timeZone: u.timeZone };
}

/** A unique-constraint failure from either driver (drizzle wraps driver errors in `cause`). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY") return true;
  }
  return false;
}

/**
 * Inside a transaction, makes the user's other transactions that call this wait until it ends:
 * on PostgreSQL it locks the user's row (FOR UPDATE), so a count of what the user holds and the
 * insert that follows it cannot interleave with another request's; SQLite's write transactions
 * already run one at a time (decision 022), so there it does nothing.
 */
export function* lockUserRow(handle: Pick<Db, "dialect">, tx: Executor, userId: number): TxBody<void> {
  if (handle.dialect !== "postgres") return;
  yield* exec((tx as unknown as { execute(q: ReturnType<typeof sql>): Promise<unknown> }).execute(sql`select id from users where id = ${userId} for update`));
}

/** Inserts a user; returns null when the e-mail or OIDC subject is already taken. */
export async function createUser(handle: Db, user: NewUser): Promise<UserDto | null> {
  try {
    const [row] = await handle.orm.insert(handle.t.users).values(user).returning(columns(handle));
    return row!;
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

export async function findUserById(handle: Db, id: number): Promise<UserDto | null> {
  const [row] = await handle.orm.select(columns(handle)).from(handle.t.users).where(eq(handle.t.users.id, id)).limit(1);
  return row ?? null;
}

export async function findUserByEmail(handle: Db, email: string): Promise<UserWithPasswordDto | null> {
  const { orm: db, t } = handle;
  const [row] = await db
    .select({ ...columns(handle), passwordHash: t.users.passwordHash })
    .from(t.users)
    .where(eq(t.users.email, email))
    .limit(1);
  return row ?? null;
}

export async function findUserByOidcSubject(handle: Db, subject: string): Promise<UserDto | null> {
  const [row] = await handle.orm.select(columns(handle)).from(handle.t.users).where(eq(handle.t.users.oidcSubject, subject)).limit(1);
  return row ?? null;
}

/** Links an identity-provider subject to an existing account (first OIDC sign-in by e-mail). */
export async function setOidcSubject({ orm: db, t }: Db, userId: number, subject: string): Promise<void> {
  await db.update(t.users).set({ oidcSubject: subject }).where(eq(t.users.id, userId));
}

/** The zone each of these users chose for moments (null: none chosen), by user id. */
export async function listUserTimeZones(handle: Db, userIds: readonly number[]): Promise<Map<number, string | null>> {
  if (userIds.length === 0) return new Map();
  const { orm: db, t } = handle;
  const rows = await db.select({ id: t.users.id, timeZone: t.users.timeZone }).from(t.users).where(inArray(t.users.id, [...userIds]));
  return new Map(rows.map((r) => [r.id, r.timeZone]));
}

export async function setCalendarTokenHash({ orm: db, t }: Db, userId: number, hash: string | null): Promise<void> {
  await db.update(t.users).set({ calendarTokenHash: hash }).where(eq(t.users.id, userId));
}

export async function findUserByCalendarTokenHash(handle: Db, hash: string): Promise<UserDto | null> {
  const [row] = await handle.orm.select(columns(handle)).from(handle.t.users).where(eq(handle.t.users.calendarTokenHash, hash)).limit(1);
  return row ?? null;
}

export async function setPasswordHash({ orm: db, t }: Db, userId: number, hash: string): Promise<void> {
  await db.update(t.users).set({ passwordHash: hash }).where(eq(t.users.id, userId));
}

/** Sets the admin flag of the account with this e-mail; null when there is no such account. */
export async function setAdminByEmail(handle: Db, email: string, isAdmin: boolean): Promise<UserDto | null> {
  const { orm: db, t } = handle;
  const [row] = await db.update(t.users).set({ isAdmin }).where(eq(t.users.email, email)).returning(columns(handle));
  return row ?? null;
}

export async function setAdminById(handle: Db, userId: number): Promise<void> {
  await handle.orm.update(handle.t.users).set({ isAdmin: true }).where(eq(handle.t.users.id, userId));
}

export async function listAdmins(handle: Db): Promise<UserDto[]> {
  const { orm: db, t } = handle;
  return db.select(columns(handle)).from(t.users).where(eq(t.users.isAdmin, true)).orderBy(asc(t.users.email));
}

export async function hasAdmin(handle: Db): Promise<boolean> {
  const { orm: db, t } = handle;
  const rows = await db.select({ id: t.users.id }).from(t.users).where(eq(t.users.isAdmin, true)).limit(1);
  return rows.length > 0;
}

/**
 * Makes the user an admin and swaps an app_meta value from `expected` to `next` in one
 * transaction, only if the value is still `expected`: of two concurrent uses of a single-use
 * token exactly one succeeds, and a failure leaves neither change behind.
 */
export async function grantAdminSwappingMeta(handle: Db, userId: number, meta: { key: string; expected: string; next: string }): Promise<boolean> {
  const { t } = handle;
  return handle.transaction(function* (tx) {
    const swapped = yield* exec(tx.update(t.appMeta).set({ value: meta.next, updatedAt: new Date() })
      .where(and(eq(t.appMeta.key, meta.key), eq(t.appMeta.value, meta.expected)))
      .returning({ key: t.appMeta.key }));
    if (swapped.length === 0) return false;
    yield* exec(tx.update(t.users).set({ isAdmin: true }).where(eq(t.users.id, userId)));
    return true;
  });
}
