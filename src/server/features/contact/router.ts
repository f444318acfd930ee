import { contactListSchema, contactMessageSchema } from "../../../shared/schemas/contact.ts";
import { adminProcedure, publicProcedure, router } from "../../trpc/init.ts";
import { listMessagesForAdmin, submitContactMessage } from "./service.ts";

export const contactRouter = router({
  send: publicProcedure.input(contactMessageSchema).mutation(({ ctx, input }) => submitContactMessage(ctx.db, input, ctx.ip)),
  adminList: adminProcedure.input(contactListSchema).query(({ ctx, input }) => listMessagesForAdmin(ctx.db, input.page, input.limit)),
});
