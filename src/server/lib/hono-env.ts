import type { Context } from "hono";
import type { z } from "zod";
import type { RequestContext } from "../trpc/context.ts";
import { fromZodError } from "./errors.ts";

/** Hono's typed variables: every request carries its RequestContext. */
export interface AppEnv {
  Variables: { ctx: RequestContext };
}

export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown, where: string): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw fromZodError(result.error, where);
  return result.data;
}

/** Query parameters as one object; a repeated key keeps its last value. */
export const queryOf = (c: Context<AppEnv>) => c.req.query();
