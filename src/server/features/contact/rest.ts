import { Hono } from "hono";
import { contactListSchema, contactMessageSchema } from "../../../shared/schemas/contact.ts";
import { requireAdmin } from "../../lib/auth-guards.ts";
import { parseOrThrow, queryOf, type AppEnv } from "../../lib/hono-env.ts";
import { readJsonBody } from "../../lib/json-body.ts";
import { listMessagesForAdmin, submitContactMessage } from "./service.ts";

export const contactRest = new Hono<AppEnv>()
  .post("/contact", async (c) => {
    const input = parseOrThrow(contactMessageSchema, await readJsonBody(c), "body");
    const { ctx } = c.var;
    return c.json(await submitContactMessage(ctx.db, input, ctx.ip), 201);
  })
  .get("/admin/contact-messages", requireAdmin, async (c) => {
    const { ctx } = c.var;
    const { page, limit } = parseOrThrow(contactListSchema, queryOf(c), "query");
    c.header("Cache-Control", "private, no-store");
    return c.json(await listMessagesForAdmin(ctx.db, page, limit));
  });
