/** REST doors to registrar accounts (spec section 7); every call needs a session. */
import { Hono, type Context } from "hono";
import { registrarAccountCreateSchema, registrarAccountIdSchema } from "../../../shared/schemas/registrar-account.ts";
import { requireUser } from "../../lib/auth-guards.ts";
import { parseOrThrow, pathId, signedInUserId, type AppEnv } from "../../lib/hono-env.ts";
import { readJsonBody } from "../../lib/json-body.ts";
import {
  createAccount, getAccount, listAccounts, listConnectableProviders, queueAccountSync, removeAccount, testAccountConnection,
} from "./service.ts";

const userId = signedInUserId;
const idOf = (c: Context<AppEnv>) => pathId(c, registrarAccountIdSchema, "Account not found");

export const accountsRest = new Hono<AppEnv>()
  .use("/registrar-accounts/*", requireUser) // also matches /registrar-accounts itself
  .get("/registrar-accounts", async (c) => c.json(await listAccounts(c.var.ctx, userId(c))))
  .get("/registrar-accounts/providers", async (c) => c.json(await listConnectableProviders(c.var.ctx)))
  .post("/registrar-accounts", async (c) => {
    const input = parseOrThrow(registrarAccountCreateSchema, await readJsonBody(c), "body");
    return c.json(await createAccount(c.var.ctx, userId(c), input), 201);
  })
  .get("/registrar-accounts/:id", async (c) => c.json(await getAccount(c.var.ctx, userId(c), idOf(c))))
  .post("/registrar-accounts/:id/test-connection", async (c) => c.json(await testAccountConnection(c.var.ctx, userId(c), idOf(c))))
  .post("/registrar-accounts/:id/sync", async (c) => c.json(await queueAccountSync(c.var.ctx, userId(c), idOf(c)), 202))
  .delete("/registrar-accounts/:id", async (c) => c.json(await removeAccount(c.var.ctx, userId(c), idOf(c))));
