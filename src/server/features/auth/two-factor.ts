/**
 * Two-step sign-in with time-based one-time codes (TOTP, RFC 6238: HMAC-SHA1, 30-second steps,
 * 6 digits, what authenticator apps expect), computed by @oslojs/otp; the QR code is uqr's SVG.
 * The secret is stored encrypted with the credential cipher. A code is accepted for the step
 * before, the step of and the step after the server's clock, and each step once only.
 *
 * Wrong codes are limited per account (TOTP_FAILURES_ALLOWED in TOTP_WINDOW_MINUTES, then a 429
 * until the window ends). That lockout covers the six-digit codes only: recovery codes are
 * counted per account and client address, so someone guessing codes from elsewhere never stops
 * the owner from signing in with a recovery code.
 */
import { encodeBase32NoPadding, decodeBase32IgnorePadding } from "@oslojs/encoding";
import { createTOTPKeyURI, verifyHOTP } from "@oslojs/otp";
import { renderSVG } from "uqr";
import type { Db } from "../../../../db/client.ts";
import {
  advanceTotpStep, countUnusedRecoveryCodes, deleteTotp, enableTotp, findTotp, replaceRecoveryCodes, savePendingTotp, useRecoveryCode,
} from "../../../../db/repositories/two-factor-repository.ts";
import type { CredentialCipher } from "../../lib/credential-cipher.ts";
import { badRequest, conflict, tooManyRequests } from "../../lib/errors.ts";
import { consume, consumeForClient, reset, resetForClient } from "../../lib/rate-limiter.ts";
import { hashToken, randomToken } from "../../lib/secret-token.ts";

export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
export const TOTP_ISSUER = "TLDScope";
export const RECOVERY_CODE_COUNT = 10;
export const TOTP_FAILURES_ALLOWED = 5;
export const RECOVERY_FAILURES_ALLOWED = 10;
export const TOTP_WINDOW_MINUTES = 15;

export const WRONG_CODE = "That code is not right. Enter the 6-digit code your authenticator app shows now, or one of your recovery codes.";
export const CODE_REUSED = "That code was used already. Wait for the next one your app shows.";

const window = (now: Date) => ({ windowMs: TOTP_WINDOW_MINUTES * 60_000, mode: "fixed" as const, now });
const totpKey = (userId: number) => `totp:user:${userId}`;
const recoveryKey = (userId: number, ip: string) => `recovery:user:${userId}|${ip}`;

const stepAt = (now: Date) => Math.floor(now.getTime() / (TOTP_PERIOD_SECONDS * 1000));

/** The step (-1, 0 or +1 from now) whose code this is, or null. */
function matchingStep(key: Uint8Array, code: string, now: Date): number | null {
  const current = stepAt(now);
  for (const step of [current - 1, current, current + 1]) {
    if (verifyHOTP(key, BigInt(step), TOTP_DIGITS, code)) return step;
  }
  return null;
}

const keyOf = (cipher: CredentialCipher, row: { secretEncrypted: string; secretKeyId: string | null }) =>
  decodeBase32IgnorePadding(cipher.decrypt<string>(row.secretEncrypted, row.secretKeyId));

/** Ten random codes of ten letters and digits, shown as "abcde-fghij". */
function newRecoveryCodes(): { shown: string[]; hashes: string[] } {
  const shown = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const raw = randomToken(8).slice(0, 10);
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });
  return { shown, hashes: shown.map((c) => hashToken(normaliseRecoveryCode(c))) };
}

const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, "");

export interface TwoFactorSetup {
  /** The secret in base32, for typing into an app by hand. */
  secret: string;
  /** otpauth:// URI, what the QR code holds. */
  uri: string;
  /** The QR code as an SVG document. */
  qrSvg: string;
}

/** A new secret awaiting its first code (replacing an earlier unconfirmed one); 409 when two-step sign-in is on already. */
export async function beginTwoFactorSetup(db: Db, cipher: CredentialCipher, user: { id: number; email: string }): Promise<TwoFactorSetup> {
  const key = new Uint8Array(20);
  crypto.getRandomValues(key);
  const secret = encodeBase32NoPadding(key);
  const { ciphertext, keyId } = cipher.encrypt(secret);
  if (!(await savePendingTotp(db, user.id, ciphertext, keyId))) throw conflict("Two-step sign-in is on already. Turn it off first to set it up again.");
  const uri = createTOTPKeyURI(TOTP_ISSUER, user.email, key, TOTP_PERIOD_SECONDS, TOTP_DIGITS);
  return { secret, uri, qrSvg: renderSVG(uri) };
}

/** Confirms the set-up with a code from the app; returns the recovery codes, shown this once. */
export async function confirmTwoFactorSetup(db: Db, cipher: CredentialCipher, userId: number, code: string, now = new Date()): Promise<{ recoveryCodes: string[] }> {
  const row = await findTotp(db, userId);
  if (!row) throw badRequest("Start the set-up first: it shows the QR code to scan.");
  if (row.enabledAt) throw conflict("Two-step sign-in is on already.");
  const step = /^\d{6}$/.test(code.trim()) ? matchingStep(keyOf(cipher, row), code.trim(), now) : null;
  if (step === null) throw badRequest("That code does not match. Check that your phone's clock is right and enter the code the app shows now.", [{ field: "code", message: "That code does not match." }]);
  const codes = newRecoveryCodes();
  if (!(await enableTotp(db, userId, step, codes.hashes, now))) throw conflict("Two-step sign-in is on already.");
  return { recoveryCodes: codes.shown };
}

function tooMany(seconds: number, what: string): never {
  const minutes = Math.ceil(seconds / 60);
  throw tooManyRequests(`${what} Please wait ${minutes} minute${minutes === 1 ? "" : "s"}.`, seconds);
}

/**
 * Checks the second step for an account with two-step sign-in on: a 6-digit code from the app or
 * a recovery code (used up). Throws 400 for a wrong code and 429 past the limits.
 */
export async function verifySecondStep(db: Db, cipher: CredentialCipher, userId: number, input: string, ip: string, now = new Date()): Promise<"totp" | "recovery"> {
  const row = await findTotp(db, userId);
  if (!row?.enabledAt) throw badRequest("Two-step sign-in is not on for this account.");
  const code = input.trim();
  if (/^\d{6}$/.test(code)) {
    const counted = await consume(db, totpKey(userId), { ...window(now), limit: TOTP_FAILURES_ALLOWED });
    if (!counted.allowed) tooMany(counted.retryAfterSeconds, "Too many wrong codes for this account. Use one of your recovery codes, or try a code again later.");
    const step = matchingStep(keyOf(cipher, row), code, now);
    if (step === null) throw badRequest(WRONG_CODE, [{ field: "code", message: WRONG_CODE }]);
    if (!(await advanceTotpStep(db, userId, step))) throw badRequest(CODE_REUSED, [{ field: "code", message: CODE_REUSED }]);
    await reset(db, totpKey(userId));
    return "totp";
  }
  const normalised = normaliseRecoveryCode(code);
  const counted = await consumeForClient(db, (client) => recoveryKey(userId, client), ip, { ...window(now), limit: RECOVERY_FAILURES_ALLOWED });
  if (!counted.allowed) tooMany(counted.retryAfterSeconds, "Too many wrong recovery codes from your network.");
  if (!/^[a-z2-7]{10}$/.test(normalised) || !(await useRecoveryCode(db, userId, hashToken(normalised), now))) {
    throw badRequest(WRONG_CODE, [{ field: "code", message: WRONG_CODE }]);
  }
  await resetForClient(db, (client) => recoveryKey(userId, client), ip);
  return "recovery";
}

export async function twoFactorStatus(db: Db, userId: number): Promise<{ enabled: boolean; recoveryCodesLeft: number }> {
  const row = await findTotp(db, userId);
  const enabled = !!row?.enabledAt;
  return { enabled, recoveryCodesLeft: enabled ? await countUnusedRecoveryCodes(db, userId) : 0 };
}

/** Turns two-step sign-in off; the caller has checked the password and a code. */
export const turnOffTwoFactor = (db: Db, userId: number) => deleteTotp(db, userId);

/** New recovery codes (the old ones stop working); the caller has checked a code. */
export async function renewRecoveryCodes(db: Db, userId: number): Promise<{ recoveryCodes: string[] }> {
  const codes = newRecoveryCodes();
  await replaceRecoveryCodes(db, userId, codes.hashes);
  return { recoveryCodes: codes.shown };
}
