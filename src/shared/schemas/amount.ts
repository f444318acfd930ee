import { z } from "zod";

/** What a field says about each way its amount can be wrong. */
export interface AmountMessages {
  /** Neither a number nor a string. */
  notAmount: string;
  negative: string;
  /** Not a plain decimal with at most two decimals. */
  format: string;
  /** Only for a field that must be above zero. */
  zero?: string;
  /** Above `max`. */
  tooLarge: string;
}

/**
 * An amount typed by a person, as a number (12.5) or a decimal string ("12.50"): zero or more
 * (above zero when `messages.zero` is given), at most two decimals, at most `max` whole units;
 * becomes hundredths of its currency.
 */
export function amountInHundredthsSchema(max: number, messages: AmountMessages) {
  return z
    .union([z.number(), z.string()], { error: messages.notAmount })
    .transform((value, ctx) => {
      const text = typeof value === "number" ? String(value) : value.trim();
      if (text.startsWith("-")) {
        ctx.addIssue({ code: "custom", message: messages.negative });
        return z.NEVER;
      }
      // Twelve digits keep hundredths of any accepted text a safe integer.
      const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text);
      if (!match) {
        ctx.addIssue({ code: "custom", message: messages.format });
        return z.NEVER;
      }
      const minor = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
      if (minor <= 0 && messages.zero !== undefined) {
        ctx.addIssue({ code: "custom", message: messages.zero });
        return z.NEVER;
      }
      if (minor > max * 100) {
        ctx.addIssue({ code: "custom", message: messages.tooLarge });
        return z.NEVER;
      }
      return minor;
    });
}
