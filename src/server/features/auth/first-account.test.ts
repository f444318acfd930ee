import { expect, it } from "vitest";
import { createUser } from "../../../../db/repositories/user-repository.ts";
import { forEachDialect } from "../../../../db/testing/test-db.ts";
import { AUTH_TEST_ENV, registerUser } from "../../testing/auth.ts";
import { createTestApp, getJson } from "../../testing/test-app.ts";

// On an empty database the first account becomes admin; concurrent sign-ups must not make two.
forEachDialect("first account", (getDb) => {
  it("makes exactly one admin when the first accounts register at the same time", async () => {
    const app = createTestApp(getDb(), { env: AUTH_TEST_ENV });
    const users = await Promise.all(Array.from({ length: 6 }, (_, i) => registerUser(app, { email: `racer${i}@example.com` })));
    const flags = await Promise.all(users.map(async (u) => (await getJson<{ isAdmin: boolean }>(app, "/api/auth/user", { headers: { cookie: u.cookie } })).body.isAdmin));
    expect(flags.filter(Boolean)).toHaveLength(1);
  });
}, { seeded: false });

forEachDialect("first account, repository", (getDb) => {
  it("admits exactly one first account among overlapping inserts", async () => {
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) =>
      createUser(getDb(), { email: `direct${i}@example.com`, firstName: null, passwordHash: null, oidcSubject: null, isAdmin: false })));
    expect(results.filter((u) => u?.isAdmin)).toHaveLength(1);
    expect(await createUser(getDb(), { email: "direct0@example.com", firstName: null, passwordHash: null, oidcSubject: null, isAdmin: false })).toBeNull();
  });
}, { seeded: false });
