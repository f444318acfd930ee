/** REST doors to a user's watched TLDs, under /api/notifications/watches (mounted by rest.ts). */
import { Hono, type Context } from "hono";
import { watchAddSchema, watchIdSchema, watchUpdateSchema } from "../../../shared/schemas/watched-tld.ts";
import { requireUser } from "../../lib/auth-guards.ts";
import { readJsonBody } from "../../lib/json-body.ts";
import { parseOrThrow, pathId, signedInUserId, type AppEnv } from "../../lib/hono-env.ts";
import { addWatch, listWatches, removeWatch, updateWatch } from "./watched-tlds.ts";

const userId = signedInUserId;
const idOf = (c: Context<AppEnv>) => pathId(c, watchIdSchema, "Watch not found");

export const watchedTldsRest = new Hono<AppEnv>()
  .use("*", requireUser)
  .get("/", async (c) => c.json(await listWatches(c.var.ctx, userId(c))))
  .post("/", async (c) => {
    const input = parseOrThrow(watchAddSchema, await readJsonBody(c), "body");
    return c.json(await addWatch(c.var.ctx, userId(c), input), 201);
  })
  .patch("/:id", async (c) => {
    const id = idOf(c);
    const input = parseOrThrow(watchUpdateSchema, await readJsonBody(c), "body");
    return c.json(await updateWatch(c.var.ctx, userId(c), id, input));
  })
  .delete("/:id", async (c) => c.json(await removeWatch(c.var.ctx.db, userId(c), idOf(c))));
