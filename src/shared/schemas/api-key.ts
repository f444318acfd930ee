import { z } from "zod";
import { oneLine } from "./plain-text.ts";

/**
 * What a key may do with its owner's own data (portfolio, forecast, watches, notifications):
 * `read` makes GET calls only; `write` also adds, changes and removes. Both read public data.
 */
export const API_KEY_SCOPES = ["read", "write"] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** Body of POST /api/api-keys and apiKeys.create. */
export const apiKeyCreateSchema = z.object({
  name: z
    .string({ error: "Name is required" })
    .trim()
    .min(1, "Name is required")
    .max(100, "Name must be at most 100 characters")
    .check(oneLine("Name")),
  /** Read only unless asked: a key that can change data is a choice. */
  scope: z.enum(API_KEY_SCOPES, { error: "scope must be read or write" }).default("read"),
  /** The owner's current password (required when the account has one): a session alone cannot make a key. */
  password: z.string({ error: "Enter your current password" }).max(1024, "Password is too long").optional(),
});
export type ApiKeyCreateInput = z.infer<typeof apiKeyCreateSchema>;

export const apiKeyIdSchema = z.coerce
  .number({ error: "Invalid API key ID" })
  .int("Invalid API key ID")
  .positive("Invalid API key ID")
  .max(2_147_483_647, "Invalid API key ID");

/** Requests a key may make per hour on the public API. */
export const API_KEY_HOURLY_LIMIT = 1000;
