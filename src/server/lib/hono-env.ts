import type { Context } from "hono";
import type { z } from "zod";
import type { RequestContext } from "../trpc/context.ts";
import { fromZodError, notFound } from "./errors.ts";
import { refusingUnknownFields } from "./unknown-fields.ts";

/** Hono's typed variables: every request carries its RequestContext. */
export interface AppEnv {
  Variables: { ctx: RequestContext };
}

/** Inputs whose unknown fields are refused (docs/decisions/055-unknown-fields.md); query strings and path parts are not. */
const BODIES = new Set(["body", "form"]);

/**
 * `value` as `schema` reads it, or a 400 naming the field at fault. A body ("body", "form") may
 * hold only fields the schema names, at any depth.
 */
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown, where: string): z.output<S> {
  const result = (BODIES.has(where) ? refusingUnknownFields(schema) : schema).safeParse(value);
  if (!result.success) throw fromZodError(result.error, where);
  return result.data;
}

/** Query parameters as one object; a repeated key keeps its last value. */
export const queryOf = (c: Context<AppEnv>) => c.req.query();

/** The signed-in user's id: only behind requireUser or requireAdmin, which answer 401 first. */
export const signedInUserId = (c: Context<AppEnv>): number => c.var.ctx.user!.id;

/**
 * The path's `:id` as `schema` reads it. With `notFoundMessage`, an id that is not valid is a
 * 404 with that sentence (it names nothing there is); without, a 400 naming the field `id`.
 */
export function pathId<S extends z.ZodType<number | string>>(c: Context<AppEnv>, schema: S, notFoundMessage?: string): z.output<S> {
  const raw = c.req.param("id");
  if (notFoundMessage === undefined) return parseOrThrow(schema, raw, "id");
  const id = schema.safeParse(raw);
  if (!id.success) throw notFound(notFoundMessage);
  return id.data;
}
