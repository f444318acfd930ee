/**
 * Inputs of the account settings (/settings/account), the password reset and the admin Users
 * page, shared by the forms and the server.
 */
import { z } from "zod";
import { emailSchema, PASSWORD_MAX, passwordSchema } from "./auth.ts";

const currentPassword = z.string({ error: "Enter your current password" }).min(1, "Enter your current password").max(PASSWORD_MAX * 4, "Password is too long");
const code = z.string({ error: "Enter a code" }).trim().min(1, "Enter a code").max(40, "That is not a code");

/**
 * API keys are revoked with a password change unless the owner asks to keep them: true or
 * false, or a form checkbox's "on".
 */
export const keepApiKeysSchema = z
  .union([z.boolean(), z.enum(["on", "true", "false"])], { error: "keepApiKeys must be true or false" })
  .optional()
  .transform((v) => v === true || v === "on" || v === "true");

export const changePasswordSchema = z.object({ currentPassword, newPassword: passwordSchema, keepApiKeys: keepApiKeysSchema });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const changeEmailSchema = z.object({ newEmail: emailSchema, currentPassword: currentPassword.optional() });
export type ChangeEmailInput = z.infer<typeof changeEmailSchema>;

export const passwordResetRequestSchema = z.object({ email: emailSchema });
export const passwordResetSchema = z.object({
  token: z.string({ error: "The link is incomplete" }).min(1, "The link is incomplete").max(100, "The link is not valid"),
  password: passwordSchema,
  keepApiKeys: keepApiKeysSchema,
});

/** The account's time zone: an IANA name ("Europe/Berlin"; the server checks it knows it), or null for the browser's. */
export const timeZoneSchema = z.object({
  timeZone: z.string({ error: "Choose a time zone, or null for the browser's" }).trim().min(1, "Choose a time zone, or null for the browser's").max(100, "That is not a time zone").nullable(),
});

/** A session of the signed-in user, by the id the session list gives. */
export const sessionIdSchema = z.string().regex(/^[0-9a-f]{64}$/, "Not a session id");

export const twoFactorCodeSchema = z.object({ code });
/** The password asked again before a change to how one signs in; an empty one is answered by the server ("Enter your current password: …"). */
const passwordAgain = z.string({ error: "Enter your current password" }).max(PASSWORD_MAX * 4, "Password is too long").optional();
/** Starting two-step sign-in's set-up: the password when the account has one. */
export const twoFactorSetupSchema = z.object({ password: passwordAgain });
/** Turning two-step sign-in on: the app's first code, and the password when the account has one. */
export const twoFactorEnableSchema = z.object({ code, password: passwordAgain });
/** Turning two-step sign-in off or renewing recovery codes: a code, and the password when the account has one. */
export const twoFactorConfirmSchema = z.object({ code, password: currentPassword.optional() });

/** Deleting the account: the password (or, without one, the e-mail address typed out) and a code when two-step sign-in is on. */
export const deleteAccountSchema = z.object({
  password: currentPassword.optional(),
  confirmEmail: z.string().trim().toLowerCase().max(254).optional(),
  code: code.optional(),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

export const ADMIN_USERS_MAX_PAGE_SIZE = 100;
const PAGE = "page must be a whole number from 1";
const PAGE_SIZE = `pageSize must be a whole number from 1 to ${ADMIN_USERS_MAX_PAGE_SIZE}`;
const paging = {
  page: z.coerce.number({ error: PAGE }).int(PAGE).min(1, PAGE).max(1_000_000, "page is too large").default(1),
  pageSize: z.coerce.number({ error: PAGE_SIZE }).int(PAGE_SIZE).min(1, PAGE_SIZE).max(ADMIN_USERS_MAX_PAGE_SIZE, PAGE_SIZE).default(20),
};

export const adminUsersQuerySchema = z.object({ ...paging, search: z.string().trim().max(254, "search is too long").optional() });
export type AdminUsersQuery = z.infer<typeof adminUsersQuerySchema>;
export const auditLogQuerySchema = z.object(paging);

export const userIdSchema = z.coerce.number({ error: "Not a user id" }).int("Not a user id").min(1, "Not a user id").max(2_147_483_647, "Not a user id");
export const setAdminSchema = z.object({ isAdmin: z.boolean({ error: "isAdmin must be true or false" }) });
export const setDisabledSchema = z.object({ disabled: z.boolean({ error: "disabled must be true or false" }) });
export const twoFactorPolicySchema = z.object({ requireForAdmins: z.boolean({ error: "requireForAdmins must be true or false" }) });

/** What the admin audit log calls each action. */
export const AUDIT_ACTIONS = {
  grant_admin: "Made administrator",
  revoke_admin: "Removed administrator",
  disable: "Disabled sign-in",
  enable: "Enabled sign-in",
  send_reset_link: "Sent a password reset link",
  require_two_factor: "Required two-step sign-in for administrators",
  allow_without_two_factor: "Stopped requiring two-step sign-in for administrators",
  reset_two_factor: "Reset two-step sign-in",
  confirm_price: "Confirmed an unusual price as real",
  hide_price: "Hid an unusual price",
  set_price_check_share: "Changed how far two sources' prices may differ",
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;
