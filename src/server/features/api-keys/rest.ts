/** REST doors to a signed-in user's API keys; the session authorises them, never a key. */
import { Hono } from "hono";
import { apiKeyCreateSchema, apiKeyIdSchema } from "../../../shared/schemas/api-key.ts";
import { requireUser } from "../../lib/auth-guards.ts";
import { readJsonBody } from "../../lib/json-body.ts";
import { parseOrThrow, pathId, signedInUserId, type AppEnv } from "../../lib/hono-env.ts";
import { createApiKey, listApiKeys, removeApiKey } from "./service.ts";

export const apiKeysRest = new Hono<AppEnv>()
  .use("/api-keys/*", requireUser) // also matches /api-keys itself
  .get("/api-keys", async (c) => c.json(await listApiKeys(c.var.ctx.db, signedInUserId(c))))
  .post("/api-keys", async (c) => {
    const input = parseOrThrow(apiKeyCreateSchema, await readJsonBody(c), "body");
    const { prefix: _prefix, ...created } = await createApiKey({ ...c.var.ctx, user: { id: signedInUserId(c) } }, input);
    return c.json(created, 201);
  })
  .delete("/api-keys/:id", async (c) => {
    return c.json(await removeApiKey(c.var.ctx.db, signedInUserId(c), pathId(c, apiKeyIdSchema, "API key not found")));
  });
