import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { renewalUndercutSchema } from "./notifications.ts";
import { watchTargetSchema } from "./watched-tld.ts";

const outcome = (schema: z.ZodType, value: unknown) => {
  const parsed = schema.safeParse(value);
  return parsed.success ? { value: parsed.data } : { error: parsed.error.issues.map((i) => i.message) };
};

describe("the renewal saving (renewalUndercut)", () => {
  it.each([
    [2, "2.00"], [2.5, "2.50"], ["2.05", "2.05"], [" 3 ", "3.00"], ["0", "0.00"], [0, "0.00"], ["100000", "100000.00"],
  ] as const)("%j is %s", (input, value) => {
    expect(outcome(renewalUndercutSchema, input)).toEqual({ value });
  });

  it.each([
    [true, "Enter the saving as an amount, like 2.00"],
    [null, "Enter the saving as an amount, like 2.00"],
    ["-1", "The saving to tell cannot be negative"],
    [-0.5, "The saving to tell cannot be negative"],
    ["two dollars", "Enter the saving as an amount with at most two decimals, like 2.00"],
    ["2.001", "Enter the saving as an amount with at most two decimals, like 2.00"],
    ["", "Enter the saving as an amount with at most two decimals, like 2.00"],
    ["100000.01", "The saving to tell is at most 100,000"],
  ] as const)("%j is refused: %s", (input, message) => {
    expect(outcome(renewalUndercutSchema, input)).toEqual({ error: [message] });
  });
});

describe("the watch's target price (watchTargetSchema)", () => {
  it.each([
    [12.5, 1250], ["12.50", 1250], [" 7 ", 700], ["0.01", 1], ["1000000", 100_000_000],
  ] as const)("%j is %i hundredths", (input, value) => {
    expect(outcome(watchTargetSchema, input)).toEqual({ value });
  });

  it.each([
    [true, "Enter the target price as an amount, like 12.50"],
    ["-3", "A target price cannot be negative"],
    ["12.5.0", "Enter the target price as an amount with at most two decimals, like 12.50"],
    ["12.501", "Enter the target price as an amount with at most two decimals, like 12.50"],
    ["1234567890123", "Enter the target price as an amount with at most two decimals, like 12.50"],
    ["0", "A target price is above zero"],
    [0, "A target price is above zero"],
    ["1000000.01", "A target price is at most 1,000,000"],
  ] as const)("%j is refused: %s", (input, message) => {
    expect(outcome(watchTargetSchema, input)).toEqual({ error: [message] });
  });
});
