/**
 * The OpenAPI paths of a signed-in user's own account (/api/account…), the password reset
 * (/api/password-reset…) and the admin Users page (/api/admin/users…). openapi.ts hands in its
 * helpers, so both build schemas from the zod inputs the same way.
 */
import type { z } from "zod";
import {
  adminUsersQuerySchema, ADMIN_USERS_MAX_PAGE_SIZE, auditLogQuerySchema, changeEmailSchema, changePasswordSchema, deleteAccountSchema,
  passwordResetRequestSchema, passwordResetSchema, setAdminSchema, setDisabledSchema, timeZoneSchema, twoFactorConfirmSchema, twoFactorEnableSchema, twoFactorSetupSchema,
  twoFactorPolicySchema, userIdSchema,
} from "../../../shared/schemas/account.ts";

type JsonSchema = Record<string, unknown>;
export interface OpenApiHelpers {
  jsonBody(schema: z.ZodType): unknown;
  answer(description: string, schema: JsonSchema): unknown;
  queryParameters(schema: z.ZodObject, descriptions?: Record<string, string>): unknown[];
  pathParameter(name: string, schema: z.ZodType, description: string): unknown;
  error: JsonSchema;
  session: unknown[];
}

const string = { type: "string" };
const dateTime = { type: "string", format: "date-time" };
const nullableDateTime = { type: ["string", "null"], format: "date-time" };
const bool = { type: "boolean" };
const int = { type: "integer" };
const obj = (properties: Record<string, unknown>, required = Object.keys(properties)) => ({ type: "object", required, properties });

export const ACCOUNT_SCHEMAS = {
  AccountSession: obj({
    id: { type: "string", description: "The session's id (the SHA-256 of its cookie, never the cookie)." },
    device: { type: "string", description: "Browser and system read from the User-Agent, e.g. \"Firefox on Windows\"." },
    ip: { type: ["string", "null"], description: "The client address it was last used from." },
    createdAt: dateTime, lastSeenAt: { ...dateTime, description: "When it was last used (written at most every 5 minutes)." },
    current: { type: "boolean", description: "The session of this request." },
  }),
  AdminUser: obj({
    id: int, email: string, firstName: { type: ["string", "null"] }, createdAt: dateTime, lastSignInAt: nullableDateTime,
    domainCount: { ...int, description: "Portfolio domains." }, accountCount: { ...int, description: "Connected registrar accounts." },
    twoFactorEnabled: bool, isAdmin: bool, disabled: bool, disabledAt: nullableDateTime,
  }),
  AuditEntry: obj({
    id: int, actorEmail: { ...string, description: "The administrator who acted." }, targetEmail: { type: ["string", "null"], description: "The user acted on; null for a setting." },
    action: { enum: ["grant_admin", "revoke_admin", "disable", "enable", "send_reset_link", "require_two_factor", "allow_without_two_factor"] },
    description: { ...string, description: "The action in words." }, detail: { type: ["object", "null"] },
    ip: { type: ["string", "null"], description: "The administrator's client address." }, createdAt: dateTime,
  }),
};

export function accountPaths(h: OpenApiHelpers) {
  const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
  const e = h.error;
  const signedIn = { 400: e, 401: e, 415: { ...e, description: "The body is not JSON (Content-Type application/json)." } };
  const limited = (what: string) => ({ ...e, description: `${what}; Retry-After says how many seconds to wait.` });
  const ok = (schema: JsonSchema) => h.answer("OK", schema);
  const op = <R extends object>(operationId: string, summary: string, description: string, rest: R) => ({ operationId, summary, description, ...rest });
  return {
    "/api/password-reset/request": {
      post: op("requestPasswordReset", "Ask for a password reset link",
        "Mails a single-use link (valid one hour; it replaces any earlier one) to the address when an account uses it. The answer is the same whether one does or not. "
        + "Also takes the sign-in page's form (application/x-www-form-urlencoded), answered with a page.", {
          requestBody: h.jsonBody(passwordResetRequestSchema),
          responses: {
            202: ok(obj({ message: string })), 400: e,
            429: limited("Too many requests for this address (3 an hour) or from this client (10 an hour)"),
            503: { ...e, description: "This server cannot send e-mail: an administrator gives out reset links (npm run admin -- reset-password EMAIL)." },
          },
        }),
    },
    "/api/password-reset": {
      post: op("resetPassword", "Set a new password with a reset link's token",
        "Uses up the token, sets the password (at least 8 characters, not on the common-password list, not the address), ends every session of the account and revokes "
        + "its API keys unless keepApiKeys is true; its owner is told by mail, which names the keys that still work. Opening the link (GET with ?token=) shows the form and changes nothing.", {
          requestBody: h.jsonBody(passwordResetSchema),
          responses: { 200: ok(obj({ ok: { const: true }, apiKeysRevoked: bool, keptApiKeys: { type: "array", items: string } })), 400: { ...e, description: "A weak password (issues name it), or a link that expired, was replaced or was used." } },
        }),
    },
    "/api/account": {
      get: op("getAccount", "The signed-in user's account", "Profile, whether it has a password, two-step sign-in state, whether mail can be sent, and the active sessions.", {
        security: h.session,
        responses: {
          200: ok(obj({
            profile: obj({
              id: int, email: string, firstName: { type: ["string", "null"] }, isAdmin: bool, createdAt: dateTime, lastSignInAt: nullableDateTime,
              timeZone: { type: ["string", "null"], description: "The IANA time zone the account chose (\"Europe/Berlin\"); null: the browser's on the pages, UTC in mails and the calendar feed." },
            }),
            hasPassword: bool, singleSignOn: bool, mailConfigured: bool,
            twoFactor: obj({ enabled: bool, recoveryCodesLeft: int }),
            sessions: { type: "array", items: ref("AccountSession") },
          })),
          401: e,
        },
      }),
    },
    "/api/account/password": {
      post: op("changePassword", "Change the password",
        "Needs the current password; every other session of the account ends, this one stays, its API keys are revoked unless keepApiKeys is true, and the owner is told by mail.", {
        security: h.session, requestBody: h.jsonBody(changePasswordSchema),
        responses: { 200: ok(obj({ otherSessionsEnded: { const: true }, apiKeysRevoked: bool, keptApiKeys: { type: "array", items: string } })), ...signedIn, 409: { ...e, description: "The account signs in with single sign-on and has no password." }, 429: limited("Too many password attempts") },
      }),
    },
    "/api/account/email": {
      post: op("requestEmailChange", "Change the e-mail address",
        "Mails a confirmation link (valid 24 hours) to the new address; nothing changes until it is confirmed by POST /api/account/email/confirm, and then the old address is told. "
        + "The answer is the same when another account uses the address.", {
          security: h.session, requestBody: h.jsonBody(changeEmailSchema),
          responses: { 202: h.answer("Sent", obj({ sentTo: string })), ...signedIn, 429: limited("Too many changes asked for"), 503: { ...e, description: "This server cannot send e-mail." } },
        }),
    },
    "/api/account/email/confirm": {
      post: op("confirmEmailChange", "Confirm a new e-mail address", "Uses up the link's token and moves the account to the new address. Opening the link (GET with ?token=) only shows a button.", {
        requestBody: { required: true, content: { "application/json": { schema: obj({ token: string }) } } },
        responses: { 200: ok(obj({ email: string })), 400: e, 409: { ...e, description: "Another account took the address meanwhile." } },
      }),
    },
    "/api/account/time-zone": {
      put: op("setTimeZone", "Choose the account's time zone",
        "The IANA time zone (\"Europe/Berlin\") moments are written in on the pages, in mails and in the calendar feed; null goes back to the browser's on the pages and UTC in mails and the feed. "
        + "A zone this server does not know is a 400 that names it.", {
          security: h.session, requestBody: h.jsonBody(timeZoneSchema),
          responses: { 200: ok(obj({ timeZone: { type: ["string", "null"] } })), ...signedIn },
        }),
    },
    "/api/account/sessions": {
      get: op("listSessions", "Active sessions", "The signed-in user's sessions, the most recently used first.", {
        security: h.session, responses: { 200: ok({ type: "array", items: ref("AccountSession") }), 401: e },
      }),
    },
    "/api/account/sessions/{id}": {
      delete: op("signOutSession", "Sign one session out", "Ends one of the user's sessions (this one too, when named).", {
        security: h.session, parameters: [{ name: "id", in: "path", required: true, description: "A session id from the list.", schema: { type: "string", pattern: "^[0-9a-f]{64}$" } }],
        responses: { 200: ok(obj({ removed: { const: true }, current: bool })), 401: e, 404: e },
      }),
    },
    "/api/account/sessions/sign-out-others": {
      post: op("signOutOtherSessions", "Sign out everywhere else", "Ends every session of the user but this one.", {
        security: h.session, responses: { 200: ok(obj({ ended: int })), 400: e, 401: e },
      }),
    },
    "/api/account/two-factor/setup": {
      post: op("beginTwoFactorSetup", "Start setting up two-step sign-in",
        "A new TOTP secret (RFC 6238: SHA-1, 30 s, 6 digits) with its otpauth:// URI and a QR code (SVG) for an authenticator app; it takes effect once a code confirms it. "
        + "Needs the password (an account without one: a sign-in within the last 10 minutes, else 403).", {
          security: h.session, requestBody: h.jsonBody(twoFactorSetupSchema),
          responses: { 200: ok(obj({ secret: string, uri: string, qrSvg: string })), ...signedIn, 403: e, 409: { ...e, description: "Two-step sign-in is on already." } },
        }),
    },
    "/api/account/two-factor/enable": {
      post: op("confirmTwoFactorSetup", "Turn two-step sign-in on",
        "Confirms the set-up with a code from the app and the password; answers ten single-use recovery codes, shown this once (only their hashes are kept). The owner is told by mail. "
        + "While administrators must use two-step sign-in, an administrator's rights count from their next sign-in with a code.", {
        security: h.session, requestBody: h.jsonBody(twoFactorEnableSchema),
        responses: { 200: ok(obj({ recoveryCodes: { type: "array", items: string, minItems: 10, maxItems: 10 } })), ...signedIn, 409: e },
      }),
    },
    "/api/account/two-factor/disable": {
      post: op("turnOffTwoFactor", "Turn two-step sign-in off", "Needs the password (when the account has one) and a code from the app or a recovery code.", {
        security: h.session, requestBody: h.jsonBody(twoFactorConfirmSchema),
        responses: { 200: ok(obj({ enabled: { const: false } })), ...signedIn, 429: limited("Too many wrong codes") },
      }),
    },
    "/api/account/two-factor/recovery-codes": {
      post: op("renewRecoveryCodes", "New recovery codes", "Ten new recovery codes; the old ones stop working. Needs the password and a code.", {
        security: h.session, requestBody: h.jsonBody(twoFactorConfirmSchema),
        responses: { 200: ok(obj({ recoveryCodes: { type: "array", items: string } })), ...signedIn, 429: limited("Too many wrong codes") },
      }),
    },
    "/api/account/export": {
      get: op("exportAccountData", "Download my data",
        "One JSON document (as an attachment) with the profile, the portfolio with its registry records, registrar accounts without credentials, notification channels "
        + "(without webhook secrets; a webhook's URL as its scheme and host, as the settings page shows it) and preferences, watched TLDs, API keys' names, sessions and the deliveries of the last 90 days; `csv` links the CSV downloads. 5 an hour.", {
          security: h.session, responses: { 200: ok({ type: "object", additionalProperties: true }), 401: e, 429: limited("5 downloads an hour") },
        }),
    },
    "/api/account/delete": {
      post: op("deleteAccount", "Delete my account",
        "Needs the password (an account without one: confirmEmail, the address typed out) and, with two-step sign-in on, a code. Removes every row of the account in one "
        + "transaction, cancels its queued jobs and signs it out everywhere.", {
          security: h.session, requestBody: h.jsonBody(deleteAccountSchema),
          responses: { 200: ok(obj({ deleted: { const: true }, cancelledJobs: int })), ...signedIn, 409: { ...e, description: "The account is the last administrator." }, 429: limited("Too many wrong passwords or codes") },
        }),
    },
  };
}

export function adminUserPaths(h: OpenApiHelpers) {
  const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
  const e = h.error;
  const admin = { 401: e, 403: { ...e, description: "The signed-in user is not an administrator." } };
  const id = h.pathParameter("id", userIdSchema, "The user's id.");
  const change = h.answer("OK", obj({ id: int, isAdmin: bool, disabled: bool, changed: { type: "boolean", description: "False when it was so already." } }));
  const op = <R extends object>(operationId: string, summary: string, description: string, rest: R) => ({ operationId, summary, description, security: h.session, ...rest });
  const paging = { pageSize: `Rows per page (at most ${ADMIN_USERS_MAX_PAGE_SIZE}; more is a 400).`, page: "Page number, from 1.", search: "Part of an e-mail address or first name." };
  return {
    "/api/admin/users": {
      get: op("listUsers", "Users", "One page of users by e-mail address, each with its portfolio and registrar-account counts, two-step sign-in, admin and disabled state.", {
        parameters: h.queryParameters(adminUsersQuerySchema, paging),
        responses: {
          200: h.answer("OK", obj({
            users: { type: "array", items: ref("AdminUser") }, page: int, pageSize: int, total: int, totalPages: int,
            requireTwoFactorForAdmins: bool, mailConfigured: bool,
          })),
          400: e, ...admin,
        },
      }),
    },
    "/api/admin/users/audit-log": {
      get: op("listAuditLog", "Audit log", "What administrators did to users, the newest first: who, what, when and from which address.", {
        parameters: h.queryParameters(auditLogQuerySchema, paging),
        responses: { 200: h.answer("OK", obj({ entries: { type: "array", items: ref("AuditEntry") }, page: int, pageSize: int, total: int, totalPages: int })), 400: e, ...admin },
      }),
    },
    "/api/admin/users/two-factor-policy": {
      put: op("setTwoFactorPolicy", "Require two-step sign-in for administrators",
        "On: an administrator whose session did not sign in with a code (two-step sign-in off, or turned on within that session) acts as an ordinary user (and /api/auth/user says adminNeedsTwoFactor) until they sign in with one.", {
          requestBody: h.jsonBody(twoFactorPolicySchema), responses: { 200: h.answer("OK", obj({ requireForAdmins: bool })), 400: e, ...admin },
        }),
    },
    "/api/admin/users/{id}/admin": {
      put: op("setUserAdmin", "Make or unmake an administrator", "Never the last administrator who can sign in (409).", {
        parameters: [id], requestBody: h.jsonBody(setAdminSchema), responses: { 200: change, 400: e, ...admin, 404: e, 409: e },
      }),
    },
    "/api/admin/users/{id}/disabled": {
      put: op("setUserDisabled", "Disable or enable sign-in", "Disabling ends the user's sessions and revokes its API keys (enabling brings neither back); not yourself, nor the last administrator (409).", {
        parameters: [id], requestBody: h.jsonBody(setDisabledSchema), responses: { 200: change, 400: e, ...admin, 404: e, 409: e },
      }),
    },
    "/api/admin/users/{id}/reset-link": {
      post: op("sendUserResetLink", "Send a password reset link", "Mails the user a reset link (valid one hour, single use).", {
        parameters: [id],
        responses: { 202: h.answer("Sent", obj({ sentTo: string })), ...admin, 404: e, 409: { ...e, description: "The user is disabled." }, 503: { ...e, description: "This server cannot send e-mail." } },
      }),
    },
    "/api/admin/users/{id}/two-factor/reset": {
      post: op("resetUserTwoFactor", "Reset a user's two-step sign-in",
        "Turns the user's two-step sign-in off (authenticator and recovery codes deleted), ends their sessions, mails them and writes the audit log. "
        + "From a shell on the server: npm run admin -- reset-2fa EMAIL.", {
          parameters: [id], responses: { 200: h.answer("OK", obj({ id: int, twoFactorEnabled: { const: false } })), ...admin, 404: e, 409: { ...e, description: "Two-step sign-in is not set up for this user." } },
        }),
    },
  };
}
