/** Send options checked and defaulted once, the same way for both implementations. */
import { JOB_DEFAULTS, type SendOptions } from "./queue.ts";

/** The slice of a pino logger the queue uses. */
export interface QueueLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface CheckedSendOptions {
  singletonKey: string | null;
  retryLimit: number;
  retryDelaySeconds: number;
  expireInSeconds: number;
  startAfterSeconds: number;
}

const MAX_EXPIRE_SECONDS = 24 * 3600 - 1; // pg-boss refuses 24 hours or more

function wholeNumber(value: number | undefined, fallback: number, min: number, max: number, what: string): number {
  const n = value ?? fallback;
  if (!Number.isInteger(n) || n < min || n > max) throw new Error(`${what} must be a whole number from ${min} to ${max} (got ${String(value)})`);
  return n;
}

export function checkSendOptions(options: SendOptions): CheckedSendOptions {
  if (options.singletonKey !== undefined && !options.singletonKey) throw new Error("singletonKey must not be empty");
  return {
    singletonKey: options.singletonKey ?? null,
    retryLimit: wholeNumber(options.retryLimit, JOB_DEFAULTS.retryLimit, 0, 1000, "retryLimit"),
    retryDelaySeconds: wholeNumber(options.retryDelaySeconds, JOB_DEFAULTS.retryDelaySeconds, 1, 86_400, "retryDelaySeconds"),
    expireInSeconds: wholeNumber(options.expireInSeconds, JOB_DEFAULTS.expireInSeconds, 1, MAX_EXPIRE_SECONDS, "expireInSeconds"),
    startAfterSeconds: wholeNumber(options.startAfterSeconds, 0, 0, 366 * 86_400, "startAfterSeconds"),
  };
}
