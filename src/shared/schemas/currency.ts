import { z } from "zod";

/** A three-letter code, upper-cased; whether rates exist for it is the server's question. */
export const currencyCodeSchema = z
  .string({ error: "currency must be a three-letter code such as EUR" })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, "currency must be a three-letter code such as EUR");

/** `currency` of the price calls: REST query parameter and optional tRPC input field. */
export const displayCurrencyQuerySchema = z.object({ currency: currencyCodeSchema.optional() });
