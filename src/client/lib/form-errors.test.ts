import { TRPCClientError } from "@trpc/client";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { readServerError, zodFieldErrors } from "./form-errors.ts";

const FIELDS = ["name", "email"] as const;

describe("field errors", () => {
  it("keep the first zod message of each form field and drop issues of no field", () => {
    const schema = z.object({ name: z.string().min(2, "Too short").max(1, "Too long"), email: z.email("Not an address"), extra: z.string() });
    const parsed = schema.safeParse({ name: "x", email: "nope" });
    expect(parsed.success).toBe(false);
    if (!parsed.success) expect(zodFieldErrors(parsed.error.issues, FIELDS)).toEqual({ name: "Too short", email: "Not an address" });
  });

  it("put the server's issues under their fields, and its message above the form when none matches a field", () => {
    const withIssues = new TRPCClientError("Invalid email: Not an address", {
      result: { error: { message: "Invalid email: Not an address", code: -32600, data: { issues: [{ field: "email", message: "Not an address" }] } } },
    });
    expect(readServerError(withIssues, FIELDS)).toEqual({ fieldErrors: { email: "Not an address" }, message: null });
    const conflict = new TRPCClientError("Already exists", { result: { error: { message: "Already exists", code: -32600, data: {} } } });
    expect(readServerError(conflict, FIELDS)).toEqual({ fieldErrors: {}, message: "Already exists" });
  });
});
