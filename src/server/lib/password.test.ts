import { randomBytes } from "node:crypto";
import { hash } from "@node-rs/argon2";
import { describe, expect, it } from "vitest";
import { createUser, findUserByEmail } from "../../../db/repositories/user-repository.ts";
import { forEachDialect } from "../../../db/testing/test-db.ts";
import { AUTH_TEST_ENV, formPost, sessionCookieOf } from "../testing/auth.ts";
import { createTestApp } from "../testing/test-app.ts";
import { hashPassword, needsRehash, verifyPassword } from "./password.ts";
import { deriveScrypt } from "./password-scrypt.ts";

/** A hash as the app stored them before argon2id. */
async function legacyScrypt(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await deriveScrypt(password.normalize("NFKC"), salt, { N: 2 ** 15, r: 8, p: 1 });
  return ["scrypt", 2 ** 15, 8, 1, salt.toString("base64"), key.toString("base64")].join("$");
}

describe("password hashing", () => {
  it("hashes with argon2id at OWASP's parameters and verifies", async () => {
    const stored = await hashPassword("correct horse battery");
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword("correct horse battery", stored)).toBe(true);
    expect(await verifyPassword("correct horse batterY", stored)).toBe(false);
    expect(await hashPassword("correct horse battery")).not.toBe(stored); // fresh salt each time
    expect(needsRehash(stored)).toBe(false);
  });

  it("still verifies the old scrypt hashes, and asks for them (and weaker argon2) to be replaced", async () => {
    const old = await legacyScrypt("p\u00e4ssword one");
    expect(await verifyPassword("pa\u0308ssword one", old)).toBe(true); // NFKC: the same letter typed another way
    expect(await verifyPassword("password one", old)).toBe(false);
    expect(needsRehash(old)).toBe(true);
    const weak = await hash("x", { memoryCost: 4096, timeCost: 1, parallelism: 1 });
    expect(await verifyPassword("x", weak)).toBe(true);
    expect(needsRehash(weak)).toBe(true);
  });

  it("treats unreadable or hostile stored hashes as a mismatch instead of throwing", async () => {
    for (const stored of ["", "bcrypt$x", "$argon2id$garbage", "scrypt$1099511627776$8$1$AAAA$BBBB", "scrypt$16384$8$1$AAAA$short", `scrypt$1000$8$1$AAAA$${"A".repeat(86)}`]) {
      expect(await verifyPassword("anything", stored)).toBe(false);
    }
  });
});

forEachDialect("rehash at sign-in", (getDb) => {
  it("replaces a stored scrypt hash with argon2id at the next successful sign-in only", async () => {
    const app = createTestApp(getDb(), { env: AUTH_TEST_ENV });
    const email = "legacy@example.com";
    const old = await legacyScrypt("old but correct");
    await createUser(getDb(), { email, firstName: null, passwordHash: old, oidcSubject: null, isAdmin: false });
    expect((await formPost(app, "/api/login", { email, password: "wrong guess" })).status).toBe(401);
    expect((await findUserByEmail(getDb(), email))?.passwordHash).toBe(old);
    const res = await formPost(app, "/api/login", { email, password: "old but correct" });
    expect(res.status).toBe(302);
    expect(sessionCookieOf(res)).not.toBeNull();
    const upgraded = (await findUserByEmail(getDb(), email))!.passwordHash!;
    expect(upgraded).toMatch(/^\$argon2id\$/);
    expect((await formPost(app, "/api/login", { email, password: "old but correct" })).status).toBe(302);
    expect((await findUserByEmail(getDb(), email))!.passwordHash).toBe(upgraded); // not rehashed again
  });
}, { seeded: false });
