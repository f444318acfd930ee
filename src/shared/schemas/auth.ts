/**
 * Sign-in and registration inputs, shared by the server's login page and any future client
 * form. E-mail addresses are compared lower-cased everywhere, so they are normalised here once.
 */
import { z } from "zod";
import { oneLine } from "./plain-text.ts";

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;
export const FIRST_NAME_MAX = 100;
const EMAIL_MAX = 254; // the longest address SMTP can carry

export const emailSchema = z
  .string({ error: "E-mail is required" })
  .trim()
  .toLowerCase()
  .min(1, "E-mail is required")
  .max(EMAIL_MAX, `E-mail must be at most ${EMAIL_MAX} characters`)
  .pipe(z.email({ error: "Enter a valid e-mail address" }));

// Passwords are never trimmed: a leading or trailing space is part of what the user chose.
export const passwordSchema = z
  .string({ error: "Password is required" })
  .min(1, "Password is required")
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

/**
 * The page the sign-in and registration forms go back to afterwards (a hidden field). The
 * endpoint reads it itself and ignores one that would leave this site.
 */
const returnTo = z.unknown().optional();

export const signInSchema = z.object({
  email: emailSchema,
  // Sign-in does not enforce the length rules, so old or odd passwords still get a plain 401.
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(PASSWORD_MAX * 4, "Password is too long"),
  returnTo,
});
export type SignInInput = z.infer<typeof signInSchema>;

export const registerSchema = z.object({
  firstName: z
    .string({ error: "First name must be text" })
    .trim()
    .check(oneLine("First name"))
    .max(FIRST_NAME_MAX, `First name must be at most ${FIRST_NAME_MAX} characters`)
    .optional()
    .transform((v) => v || null),
  email: emailSchema,
  password: passwordSchema,
  returnTo,
});
export type RegisterInput = z.infer<typeof registerSchema>;

/** What GET /api/auth/user and auth.me answer for the signed-in user. */
export interface AuthUserDto {
  id: number;
  firstName: string | null;
  email: string;
  isAdmin: boolean;
  /** The IANA zone the account chose for moments ("Europe/Berlin"); null: the browser's. */
  timeZone: string | null;
  /** Present (true) when the account is an administrator held back until two-step sign-in is on. */
  adminNeedsTwoFactor?: boolean;
}
