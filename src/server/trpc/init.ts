/**
 * tRPC building blocks, defined once: the procedure builders carry authorization, the error
 * formatter turns AppError and zod failures into the same `{ message, issues }` the REST shims
 * answer with.
 */
import { initTRPC, TRPCError } from "@trpc/server";
import { z, ZodError } from "zod";
import { AppError, fromZodError, TRPC_CODE_BY_STATUS, type FieldIssue } from "../lib/errors.ts";
import { refusingUnknownFields } from "../lib/unknown-fields.ts";
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

/**
 * After a mutation's input has been read, refuses one that holds fields its schemas do not name
 * (lib/unknown-fields.ts; docs/decisions/055-unknown-fields.md): the same 400 as any input
 * error, naming the field. Queries read as they always did.
 */
const refuseUnknownFields = (inputs: readonly unknown[]) => t.middleware(async ({ getRawInput, next }) => {
  const raw = await getRawInput();
  for (const input of inputs) {
    if (!(input instanceof z.ZodType)) continue;
    const result = refusingUnknownFields(input).safeParse(raw);
    const unknown = result.success ? [] : result.error.issues.filter((i) => i.code === "unrecognized_keys");
    if (unknown.length > 0) throw new TRPCError({ code: "BAD_REQUEST", cause: new z.ZodRealError(unknown) });
  }
  return next();
});

/** The builder methods that answer another builder; `.mutation()` is the one that ends it here. */
const BUILDER_STEPS = new Set<PropertyKey>(["input", "output", "meta", "use", "errors", "concat", "unstable_concat", "experimental_caller"]);

/** `builder`, whose mutations (at the end of any chain of steps from it) refuse unknown input fields. */
function withStrictMutations<B extends object>(builder: B): B {
  return new Proxy(builder, {
    get(target, prop, receiver) {
      const value: unknown = Reflect.get(target, prop, receiver);
      if (typeof value !== "function") return value;
      const own = target as unknown as { _def: { inputs: readonly unknown[] }; use(mw: unknown): { mutation(resolver: unknown): unknown } };
      if (prop === "mutation") return (resolver: unknown) => own.use(refuseUnknownFields(own._def.inputs)).mutation(resolver);
      if (BUILDER_STEPS.has(prop)) return (...args: unknown[]) => withStrictMutations((value as (...a: unknown[]) => object).apply(target, args));
      return value;
    },
  });
}

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = withStrictMutations(t.procedure.use(mapErrors));

export const authedProcedure = publicProcedure.use(({ ctx, next }) => {
  ctx.markPrivate();
  if (!ctx.user) throw new TRPCError({ code: "UNAUTHORIZED", message: "Unauthorized" });
  return next({ ctx: { ...ctx, user: ctx.user } });
});

export const adminProcedure = authedProcedure.use(({ ctx, next }) => {
  if (!ctx.user.isAdmin) throw new TRPCError({ code: "FORBIDDEN", message: "Admin privileges required" });
  return next();
});
