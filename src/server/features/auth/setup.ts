/**
 * The one-time setup link. While no administrator exists, each server start stores a fresh
 * random token (only its SHA-256, with an expiry an hour ahead, replacing any earlier one)
 * and prints the link; whoever opens it signed in, and confirms, becomes an administrator.
 * Printing it to the server's log means only someone who runs the server can use it.
 */
import type { Db } from "../../../../db/client.ts";
import { getMeta, META_KEYS, setMeta } from "../../../../db/repositories/app-meta-repository.ts";
import { grantAdminSwappingMeta, hasAdmin } from "../../../../db/repositories/user-repository.ts";
import { findAccountById, insertAudit } from "../../../../db/repositories/account-repository.ts";
import { SETUP_LINK_ACTOR } from "./admin-users.ts";
import type { Config } from "../../config.ts";
import { hashToken, isTokenShaped, randomToken } from "../../lib/secret-token.ts";

export const SETUP_VALID_MS = 60 * 60 * 1000;

interface StoredSetup {
  hash: string;
  expiresAt: string;
  usedAt?: string;
}

export type SetupCheck =
  | { ok: true; stored: string }
  | { ok: false; status: 400 | 410; message: string };

const INVALID = "This setup link is not valid. Use the most recent link the server printed at start.";
const USED = "This setup link has already been used. An administrator can grant rights with npm run admin -- grant EMAIL.";

/** Returns the new token, or null when an administrator already exists. */
export async function issueSetupTokenIfNoAdmin(db: Db, now = new Date()): Promise<string | null> {
  if (await hasAdmin(db)) return null;
  const token = randomToken();
  const stored: StoredSetup = { hash: hashToken(token), expiresAt: new Date(now.getTime() + SETUP_VALID_MS).toISOString() };
  await setMeta(db, META_KEYS.adminSetup, JSON.stringify(stored));
  return token;
}

export function setupUrl(config: Config, token: string): string {
  const origin = config.APP_URL ? new URL(config.APP_URL).origin : `http://localhost:${config.PORT}`;
  return `${origin}/setup?token=${token}`;
}

export async function checkSetupToken(db: Db, token: string | undefined, now = new Date()): Promise<SetupCheck> {
  if (!isTokenShaped(token)) return { ok: false, status: 400, message: INVALID };
  const raw = (await getMeta(db, [META_KEYS.adminSetup]))[META_KEYS.adminSetup];
  const stored = raw ? (JSON.parse(raw) as StoredSetup) : null;
  if (!raw || !stored || stored.hash !== hashToken(token)) return { ok: false, status: 400, message: INVALID };
  if (stored.usedAt) return { ok: false, status: 410, message: USED };
  if (Date.parse(stored.expiresAt) <= now.getTime()) {
    return { ok: false, status: 410, message: "This setup link has expired (links last one hour). Restart the server to print a new one." };
  }
  return { ok: true, stored: raw };
}

/** Makes the user an administrator and spends the token; the same check's failure otherwise. */
export async function completeSetup(db: Db, token: string | undefined, userId: number, now = new Date(), ip: string | null = null): Promise<SetupCheck> {
  const check = await checkSetupToken(db, token, now);
  if (!check.ok) return check;
  const used: StoredSetup = { ...(JSON.parse(check.stored) as StoredSetup), usedAt: now.toISOString() };
  const granted = await grantAdminSwappingMeta(db, userId, { key: META_KEYS.adminSetup, expected: check.stored, next: JSON.stringify(used) });
  // Lost a race with another use of the same link (or a restart replaced it): say what is true now.
  if (granted) {
    const user = await findAccountById(db, userId);
    await insertAudit(db, { actorUserId: userId, actorEmail: SETUP_LINK_ACTOR, action: "grant_admin", detail: { via: "setup link" }, ip, targetUserId: userId, targetEmail: user?.email ?? null });
    return check;
  }
  const current = await checkSetupToken(db, token, now);
  return current.ok ? { ok: false, status: 410, message: USED } : current;
}
