/**
 * Who is an administrator. Only three things make one: `npm run admin -- grant` on the server,
 * the one-time setup link printed while no admin exists (setup.ts), and an OpenID Connect
 * sign-in whose provider vouches for an address in ADMIN_EMAILS. Registration never does: an
 * address typed into a form proves nothing about who owns it.
 */
import type { Db } from "../../../../db/client.ts";
import { listAdmins, setAdminByEmail, type UserDto } from "../../../../db/repositories/user-repository.ts";
import { emailSchema } from "../../../shared/schemas/auth.ts";
import { badRequest, notFound } from "../../lib/errors.ts";

function normalisedEmail(value: string): string {
  const parsed = emailSchema.safeParse(value);
  if (!parsed.success) throw badRequest(`"${value}" is not an e-mail address`);
  return parsed.data;
}

async function setAdmin(db: Db, email: string, isAdmin: boolean): Promise<UserDto> {
  const address = normalisedEmail(email);
  const user = await setAdminByEmail(db, address, isAdmin);
  if (!user) throw notFound(`No account uses the e-mail ${address}. The person must sign up (or sign in once) first.`);
  return user;
}

export const grantAdmin = (db: Db, email: string) => setAdmin(db, email, true);
export const revokeAdmin = (db: Db, email: string) => setAdmin(db, email, false);
export const listAdministrators = (db: Db) => listAdmins(db);

/** ADMIN_EMAILS counts only for an address the identity provider says it verified. */
export const isConfiguredAdmin = (email: string, emailVerified: boolean, adminEmails: readonly string[]) =>
  emailVerified && adminEmails.includes(email.toLowerCase());
