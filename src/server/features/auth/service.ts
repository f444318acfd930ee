/**
 * Account rules: registration, password sign-in and OpenID Connect account linking. Cookies
 * and redirects belong to rest.ts; these functions only decide who the user is.
 */
import type { Db } from "../../../../db/client.ts";
import {
  createUser, findUserByEmail, findUserByOidcSubject, setAdminById, setOidcSubject, setPasswordHash, type UserDto,
} from "../../../../db/repositories/user-repository.ts";
import type { RegisterInput, SignInInput } from "../../../shared/schemas/auth.ts";
import type { Config } from "../../config.ts";
import { badRequest, conflict, unauthorized } from "../../lib/errors.ts";
import { isConfiguredAdmin } from "./admins.ts";
import { hashPassword, needsRehash, spendDecoyVerification, verifyPassword } from "../../lib/password.ts";
import { beginSignInAttempt, countRegistration } from "./rate-limit.ts";

export const WRONG_CREDENTIALS = "Incorrect e-mail or password";
export const EMAIL_TAKEN = "An account with this e-mail already exists. Sign in instead.";

export async function registerWithPassword(db: Db, input: RegisterInput, ip: string): Promise<UserDto> {
  await countRegistration(db, ip);
  const passwordHash = await hashPassword(input.password);
  const user = await createUser(db, {
    email: input.email, firstName: input.firstName, passwordHash, oidcSubject: null, isAdmin: false,
  });
  if (!user) throw conflict(EMAIL_TAKEN);
  return user;
}

export async function signInWithPassword(db: Db, input: SignInInput, ip: string, now = new Date()): Promise<UserDto> {
  const attempt = await beginSignInAttempt(db, input.email, ip, now);
  let user: Awaited<ReturnType<typeof findUserByEmail>>;
  let ok = false;
  try {
    user = await findUserByEmail(db, input.email);
    if (user?.passwordHash) ok = await verifyPassword(input.password, user.passwordHash);
    else await spendDecoyVerification(input.password);
  } finally {
    attempt.release();
  }
  if (!ok || !user) {
    await attempt.failed();
    throw unauthorized(WRONG_CREDENTIALS);
  }
  await attempt.succeeded();
  // The only moment the plain password is at hand: upgrade an old or weaker hash.
  if (needsRehash(user.passwordHash!)) await setPasswordHash(db, user.id, await hashPassword(input.password));
  const { passwordHash: _hidden, ...dto } = user;
  return dto;
}

export interface OidcIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  firstName: string | null;
}

/**
 * The subject is the stable key. An e-mail only links to an existing account when the
 * provider says it verified it, otherwise anyone could claim someone else's account. A
 * verified address listed in ADMIN_EMAILS makes the account an admin, stored in the users
 * table; taking it off the list later does not revoke (`npm run admin -- revoke` does).
 */
export async function signInWithOidc(db: Db, config: Config, identity: OidcIdentity): Promise<UserDto> {
  const configuredAdmin = !!identity.email && isConfiguredAdmin(identity.email, identity.emailVerified, config.ADMIN_EMAILS);
  const promote = async (user: UserDto): Promise<UserDto> => {
    if (!configuredAdmin || user.isAdmin) return user;
    await setAdminById(db, user.id);
    return { ...user, isAdmin: true };
  };
  const bySubject = await findUserByOidcSubject(db, identity.subject);
  if (bySubject) return promote(bySubject);
  if (!identity.email) throw badRequest("Your identity provider did not share an e-mail address, which this app needs for your account.");
  if (identity.emailVerified) {
    const byEmail = await findUserByEmail(db, identity.email);
    if (byEmail && !byEmail.oidcSubject) {
      await setOidcSubject(db, byEmail.id, identity.subject);
      const { passwordHash: _hidden, ...dto } = byEmail;
      return promote({ ...dto, oidcSubject: identity.subject });
    }
  }
  const created = await createUser(db, {
    email: identity.email, firstName: identity.firstName, passwordHash: null, oidcSubject: identity.subject, isAdmin: configuredAdmin,
  });
  if (!created) throw conflict("An account with this e-mail already exists and is linked to another sign-in.");
  return created;
}
