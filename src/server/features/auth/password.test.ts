import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "./password.ts";

describe("password hashing", () => {
  it("stores scrypt parameters, a 16-byte salt and a 64-byte key, and verifies", async () => {
    const stored = await hashPassword("correct horse battery");
    const [scheme, n, r, p, salt, key] = stored.split("$");
    expect([scheme, n, r, p]).toEqual(["scrypt", String(2 ** 15), "8", "1"]);
    expect(Buffer.from(salt!, "base64")).toHaveLength(16);
    expect(Buffer.from(key!, "base64")).toHaveLength(64);
    expect(await verifyPassword("correct horse battery", stored)).toBe(true);
    expect(await verifyPassword("correct horse batterY", stored)).toBe(false);
    expect(await hashPassword("correct horse battery")).not.toBe(stored); // fresh salt each time
  });

  it("treats unreadable or hostile stored hashes as a mismatch instead of throwing", async () => {
    for (const stored of ["", "bcrypt$x", "scrypt$1099511627776$8$1$AAAA$BBBB", "scrypt$16384$8$1$AAAA$short"]) {
      expect(await verifyPassword("anything", stored)).toBe(false);
    }
  });
});
