import { expect, it } from "vitest";
import { forEachDialect } from "../../../db/testing/test-db.ts";
import { AUTH_TEST_ENV, authed, registerUser } from "../testing/auth.ts";
import { createTestApp } from "../testing/test-app.ts";

const SIGNED_IN_DOORS = ["/api/user-domains", "/api/registrar-accounts", "/api/api-keys"];

forEachDialect("the REST sign-in guards", (getDb) => {
  const app = () => createTestApp(getDb(), { env: AUTH_TEST_ENV });

  it("answer 401 to a signed-out call of every signed-in door, and keep a signed-in answer out of caches", async () => {
    const call = authed(app(), (await registerUser(app())).cookie);
    for (const path of SIGNED_IN_DOORS) {
      const out = await app().request(path);
      expect(out.status, path).toBe(401);
      expect(((await out.json()) as { message: string }).message, path).toBe("Unauthorized");
      const signedIn = await call(path);
      expect(signedIn.status, path).toBe(200);
      expect(signedIn.res.headers.get("cache-control"), path).toBe("private, no-store");
    }
  });

  it("answer 401 signed out and 403 signed in without admin rights on the contact messages", async () => {
    expect((await app().request("/api/admin/contact-messages")).status).toBe(401);
    const call = authed(app(), (await registerUser(app())).cookie);
    const { status, body } = await call<{ message: string }>("/api/admin/contact-messages");
    expect(status).toBe(403);
    expect(body.message).toBe("Admin privileges required");
  });
});
