/**
 * tRPC building blocks, defined once: the procedure builders carry authorization, the error
 * formatter turns AppError and zod failures into the same `{ message, issues }` the REST shims
 * answer with.
 */
import { initTRPC, TRPCError } from "@trpc/server";
import { ZodError } from "zod";
import { AppError, fromZodError, TRPC_CODE_BY_STATUS, type FieldIssue } from "../lib/errors.ts";
import type { RequestContext } from "./context.ts";

const t = initTRPC.context<RequestContext>().create({
  errorFormatter({ shape, error }) {
    const cause = error.cause;
    let issues: FieldIssue[] | undefined;
    let message = shape.message;
    if (cause instanceof ZodError) {
      const converted = fromZodError(cause);
      issues = converted.issues;
      message = converted.message;
    } else if (cause instanceof AppError) {
      issues = cause.issues;
    } else if (error.code === "INTERNAL_SERVER_ERROR") {
      message = "Internal server error";
    }
    return { ...shape, message, data: { ...shape.data, stack: undefined, issues } };
  },
});

/** Turns thrown AppErrors into TRPCErrors with the matching code. */
const mapErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof AppError) {
    const cause = result.error.cause;
    throw new TRPCError({ code: TRPC_CODE_BY_STATUS[cause.status], message: cause.message, cause });
  }
  return result;
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure.use(mapErrors);

export const authedProcedure = publicProcedure.use(({ ctx, next }) => {
  ctx.markPrivate();
  if (!ctx.user) throw new TRPCError({ code: "UNAUTHORIZED", message: "Unauthorized" });
  return next({ ctx: { ...ctx, user: ctx.user } });
});

export const adminProcedure = authedProcedure.use(({ ctx, next }) => {
  if (!ctx.user.isAdmin) throw new TRPCError({ code: "FORBIDDEN", message: "Admin privileges required" });
  return next();
});
