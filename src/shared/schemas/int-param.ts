import { z } from "zod";

/** A whole-number query parameter from min to max; strings from a URL are coerced. */
export const intParam = (name: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${name} must be a whole number` })
    .int(`${name} must be a whole number`)
    .min(min, `${name} must be at least ${min}`)
    .max(max, `${name} must be at most ${max}`);
