import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { hashToken, isTokenShaped, randomToken } from "./secret-token.ts";

describe("secret tokens", () => {
  it("are 20 random bytes in 32 lower-case base32 characters by default, 24 bytes in 39, never the same twice", () => {
    const tokens = new Set(Array.from({ length: 200 }, () => randomToken()));
    expect(tokens.size).toBe(200);
    for (const token of tokens) expect(token).toMatch(/^[a-z2-7]{32}$/);
    expect(randomToken(24)).toMatch(/^[a-z2-7]{39}$/);
  });

  it("are stored as their SHA-256 in hex", () => {
    const token = randomToken();
    expect(hashToken(token)).toBe(createHash("sha256").update(token).digest("hex"));
  });

  it("tell a malformed token apart before any lookup", () => {
    expect(isTokenShaped(randomToken())).toBe(true);
    for (const bad of [undefined, "", "A".repeat(32), "a".repeat(31), "a".repeat(33), `${"a".repeat(31)}1`]) expect(isTokenShaped(bad)).toBe(false);
  });
});
