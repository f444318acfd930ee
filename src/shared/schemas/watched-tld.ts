import { z } from "zod";
import { normaliseTldInput } from "../domain-name.ts";
import { amountInHundredthsSchema } from "./amount.ts";
import { currencyCodeSchema } from "./currency.ts";
import { hasNoControlCharacters, noControlCharactersMessage } from "./plain-text.ts";

/** Which price of a name a watch compares. */
export const WATCH_PRICE_KINDS = ["registration", "renewal", "transfer"] as const;
export type WatchPriceKind = (typeof WATCH_PRICE_KINDS)[number];

/** A user's watches, at most. */
export const MAX_WATCHES = 50;
/** The highest target accepted: no registry price comes near it, so a larger one is a typing mistake. */
export const MAX_WATCH_TARGET = 1_000_000;

/**
 * A target amount, as a number (12.5) or a decimal string ("12.50"): above zero, at most two
 * decimals, at most MAX_WATCH_TARGET; becomes hundredths of the currency.
 */
export const watchTargetSchema = amountInHundredthsSchema(MAX_WATCH_TARGET, {
  notAmount: "Enter the target price as an amount, like 12.50",
  negative: "A target price cannot be negative",
  format: "Enter the target price as an amount with at most two decimals, like 12.50",
  zero: "A target price is above zero",
  tooLarge: `A target price is at most ${MAX_WATCH_TARGET.toLocaleString("en-US")}`,
});

/** Body of POST /api/notifications/watches and notifications.watches.add. */
export const watchAddSchema = z.object({
  /**
   * A catalogue name: "ai", ".ai", "co.uk", an IDN in Unicode ("рф", ".РФ") or punycode
   * ("xn--p1ai"), normalised to the catalogue's ASCII spelling (UTS #46, normaliseTldInput).
   */
  tld: z.string({ error: "Enter a TLD, like .ai or co.uk" }).trim().min(1, "Enter a TLD, like .ai or co.uk")
    .max(80, "A TLD has at most 80 characters").refine(hasNoControlCharacters, noControlCharactersMessage("A TLD")).transform((v, ctx) => {
      const tld = normaliseTldInput(v);
      if (!tld.valid) {
        ctx.addIssue({ code: "custom", message: tld.message, input: v });
        return z.NEVER;
      }
      return tld.tld;
    }),
  priceKind: z.enum(WATCH_PRICE_KINDS, { error: `The price is one of: ${WATCH_PRICE_KINDS.join(", ")}` }),
  target: watchTargetSchema,
  /** The target's currency; the user's display currency when left out. */
  currency: currencyCodeSchema.optional(),
});
export type WatchAddInput = z.input<typeof watchAddSchema>;

/** Body of PATCH /api/notifications/watches/{id} and notifications.watches.update: a new target. */
export const watchUpdateSchema = z.object({
  target: watchTargetSchema,
  currency: currencyCodeSchema.optional(),
});

export const watchIdSchema = z.coerce
  .number({ error: "Invalid watch ID" })
  .int("Invalid watch ID")
  .positive("Invalid watch ID")
  .max(2_147_483_647, "Invalid watch ID");
