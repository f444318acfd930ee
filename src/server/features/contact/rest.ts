import { Hono, type Context } from "hono";
import { contactListSchema, contactMessageSchema } from "../../../shared/schemas/contact.ts";
import { badRequest, forbidden, unauthorized } from "../../lib/errors.ts";
import { parseOrThrow, queryOf, type AppEnv } from "../../lib/hono-env.ts";
import { listMessagesForAdmin, submitContactMessage } from "./service.ts";

async function jsonBody(c: Context<AppEnv>): Promise<unknown> {
  return c.req.json().catch(() => {
    throw badRequest("The request body must be JSON");
  });
}

export const contactRest = new Hono<AppEnv>()
  .post("/contact", async (c) => {
    const input = parseOrThrow(contactMessageSchema, await jsonBody(c), "body");
    const { ctx } = c.var;
    return c.json(await submitContactMessage(ctx.db, input, ctx.ip), 201);
  })
  .get("/admin/contact-messages", async (c) => {
    const { ctx } = c.var;
    if (!ctx.user) throw unauthorized();
    if (!ctx.user.isAdmin) throw forbidden();
    const { page, limit } = parseOrThrow(contactListSchema, queryOf(c), "query");
    c.header("Cache-Control", "private, no-store");
    return c.json(await listMessagesForAdmin(ctx.db, page, limit));
  });
