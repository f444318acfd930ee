import { z } from "zod";

/** Body of POST /api/api-keys and apiKeys.create. */
export const apiKeyCreateSchema = z.object({
  name: z
    .string({ error: "Name is required" })
    .trim()
    .min(1, "Name is required")
    .max(100, "Name must be at most 100 characters"),
});
export type ApiKeyCreateInput = z.infer<typeof apiKeyCreateSchema>;

export const apiKeyIdSchema = z.coerce
  .number({ error: "Invalid API key ID" })
  .int("Invalid API key ID")
  .positive("Invalid API key ID")
  .max(2_147_483_647, "Invalid API key ID");

/** Requests a key may make per hour on the public API. */
export const API_KEY_HOURLY_LIMIT = 1000;
