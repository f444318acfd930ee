/**
 * Typed application errors thrown by services. Hono's onError and tRPC's error formatter map
 * them to one JSON shape, `{ message, issues? }`, with the status below; anything else is a
 * 500 whose message never leaks internals.
 */
import type { z } from "zod";

export interface FieldIssue {
  field: string;
  message: string;
}

export class AppError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 503,
    message: string,
    readonly issues?: FieldIssue[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const badRequest = (message: string, issues?: FieldIssue[]) => new AppError(400, message, issues);
export const unauthorized = (message = "Unauthorized") => new AppError(401, message);
export const forbidden = (message = "Admin privileges required") => new AppError(403, message);
export const notFound = (message: string) => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(429, message, undefined, { "Retry-After": String(retryAfterSeconds) });

/**
 * Field-by-field issues from a zod error, with a one-line message naming the first field. Fields
 * the input should not have (lib/unknown-fields.ts) come first, one issue each, named with their
 * path: `Unknown field "notify.extra"`.
 */
export function fromZodError(error: z.ZodError, where = "input"): AppError {
  const unknown = error.issues.flatMap((i) => i.code !== "unrecognized_keys" ? [] : i.keys.map((key) => {
    const field = [...i.path, key].map(String).join(".");
    return { field, message: `Unknown field "${field}"` };
  }));
  const issues = [...unknown, ...error.issues.filter((i) => i.code !== "unrecognized_keys").map((i) => ({ field: i.path.map(String).join(".") || where, message: i.message }))];
  const first = issues[0];
  const message = unknown[0] ? unknown[0].message : first ? `Invalid ${first.field}: ${first.message}` : `Invalid ${where}`;
  return badRequest(message, issues);
}

export const TRPC_CODE_BY_STATUS = {
  400: "BAD_REQUEST", 401: "UNAUTHORIZED", 403: "FORBIDDEN", 404: "NOT_FOUND", 409: "CONFLICT",
  413: "PAYLOAD_TOO_LARGE", 415: "UNSUPPORTED_MEDIA_TYPE", 422: "UNPROCESSABLE_CONTENT", 429: "TOO_MANY_REQUESTS", 503: "SERVICE_UNAVAILABLE",
} as const;
