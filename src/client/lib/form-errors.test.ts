import { TRPCClientError } from "@trpc/client";
import { describe, expect, it } from "vitest";
import { readServerError } from "./form-errors.ts";

const FIELDS = ["name", "email"] as const;

describe("field errors", () => {
  it("put the server's issues under their fields, and its message above the form when none matches a field", () => {
    const withIssues = new TRPCClientError("Invalid email: Not an address", {
      result: { error: { message: "Invalid email: Not an address", code: -32600, data: { issues: [{ field: "email", message: "Not an address" }] } } },
    });
    expect(readServerError(withIssues, FIELDS)).toEqual({ fieldErrors: { email: "Not an address" }, message: null });
    const conflict = new TRPCClientError("Already exists", { result: { error: { message: "Already exists", code: -32600, data: {} } } });
    expect(readServerError(conflict, FIELDS)).toEqual({ fieldErrors: {}, message: "Already exists" });
  });
});
