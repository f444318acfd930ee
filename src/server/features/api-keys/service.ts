/**
 * API keys: a random secret shown to its owner once; the table keeps its SHA-256 (so a leaked
 * table cannot be replayed as keys) and a short prefix to tell keys apart in the list.
 */
import type { Db } from "../../../../db/client.ts";
import {
  findActiveApiKeyByHash, insertApiKeyWithinLimit, listActiveApiKeysByUser, revokeApiKey, touchApiKeyLastUsed, type ApiKeyDto,
} from "../../../../db/repositories/api-key-repository.ts";
import { findUserById } from "../../../../db/repositories/user-repository.ts";
import type { ApiKeyCreateInput, ApiKeyScope } from "../../../shared/schemas/api-key.ts";
import type { RequestContext, SessionUser } from "../../trpc/context.ts";
import { sendAccountMailLater } from "../../domain/account-mail.ts";
import { confirmIdentity } from "../../domain/identity-check.ts";
import { conflict, notFound } from "../../lib/errors.ts";
import { hashToken, randomToken } from "../../lib/secret-token.ts";

const KEY_PREFIX = "tlds_";
/** The prefix plus 24 random bytes in base32: 5 + 39 characters. */
const KEY_SHAPE = /^tlds_[a-z2-7]{39}$/;
/** Characters of the key kept in clear for the list (the prefix and 8 random ones). */
const SHOWN_CHARS = 13;
/** Writing last_used_at on every request would double the writes; once a minute tells as much. */
const LAST_USED_RESOLUTION_MS = 60_000;

/** Working keys one user may hold at once: keeps their list, and the work one user can cause, bounded. */
export const MAX_API_KEYS_PER_USER = 25;

const generateKey = (): string => KEY_PREFIX + randomToken(24);

export const listApiKeys = (db: Db, userId: number): Promise<ApiKeyDto[]> => listActiveApiKeysByUser(db, userId);

export type ApiKeyCtx = Pick<RequestContext, "db" | "config" | "log" | "origin" | "sessionId"> & { user: { id: number } };

/**
 * The new key with its secret, which is never readable again. A key acts for the account, so
 * making one asks for the password (a fresh sign-in for a single sign-on account) and tells the
 * owner by mail. 409 at the cap, checked as the key is stored.
 */
export async function createApiKey(ctx: ApiKeyCtx, input: ApiKeyCreateInput, now = new Date()) {
  const account = await confirmIdentity(ctx, input.password, "password", now);
  const key = generateKey();
  const row = await insertApiKeyWithinLimit(ctx.db, {
    userId: account.id, name: input.name, keyHash: hashToken(key), prefix: key.slice(0, SHOWN_CHARS), scope: input.scope,
  }, MAX_API_KEYS_PER_USER);
  if (!row) {
    throw conflict(`You already have ${MAX_API_KEYS_PER_USER} API keys, the most one account may hold. Revoke one you no longer use to make another.`);
  }
  sendAccountMailLater(ctx.config, ctx.log, {
    to: account.email, subject: "A new API key was made for your TLDScope account",
    paragraphs: [
      `An API key named "${row.name}" (${row.prefix}…, ${row.scope === "write" ? "reads and changes" : "reads"} your portfolio, watches and notification settings) was made for your TLDScope account (${account.email}) on ${now.toUTCString()}.`,
      "If you did not do this, revoke it on the API keys page, reset your password and tell an administrator.",
    ],
    link: { href: `${ctx.origin}/api-keys`, label: "Your API keys" },
  });
  return { id: row.id, name: row.name, key, prefix: row.prefix, scope: row.scope, createdAt: row.createdAt };
}

export async function removeApiKey(db: Db, userId: number, id: number, now = new Date()): Promise<{ id: number }> {
  if (!(await revokeApiKey(db, userId, id, now))) throw notFound("API key not found");
  return { id };
}

export interface ResolvedApiKey {
  id: number;
  userId: number;
  scope: ApiKeyScope;
}

/** The working key this secret belongs to, with its owner and scope, or null (malformed, unknown or revoked). */
export async function resolveApiKey(db: Db, key: string, now = new Date()): Promise<ResolvedApiKey | null> {
  if (!KEY_SHAPE.test(key)) return null;
  const found = await findActiveApiKeyByHash(db, hashToken(key));
  if (!found) return null;
  if (!found.lastUsedAt || now.getTime() - found.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS) {
    await touchApiKeyLastUsed(db, found.id, now);
  }
  // Anything but a stored "write" reads only: a key never gets more than it was made with.
  return { id: found.id, userId: found.userId, scope: found.scope === "write" ? "write" : "read" };
}

/** The key's owner as a signed-in user: never an administrator through a key. Null when the account is gone. */
export async function apiKeyOwner(db: Db, key: ResolvedApiKey): Promise<SessionUser | null> {
  const user = await findUserById(db, key.userId);
  return user ? { id: user.id, email: user.email, firstName: user.firstName, isAdmin: false, timeZone: user.timeZone } : null;
}
