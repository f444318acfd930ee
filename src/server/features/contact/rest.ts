import { Hono } from "hono";
import { contactListSchema, contactMessageSchema } from "../../../shared/schemas/contact.ts";
import { forbidden, unauthorized } from "../../lib/errors.ts";
import { parseOrThrow, queryOf, type AppEnv } from "../../lib/hono-env.ts";
import { readJsonBody } from "../../lib/json-body.ts";
import { listMessagesForAdmin, submitContactMessage } from "./service.ts";

export const contactRest = new Hono<AppEnv>()
  .post("/contact", async (c) => {
    const input = parseOrThrow(contactMessageSchema, await readJsonBody(c), "body");
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
