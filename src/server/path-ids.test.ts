import { expect, it } from "vitest";
import { forEachDialect } from "../../db/testing/test-db.ts";
import { AUTH_TEST_ENV, authed, registerAdmin, registerUser } from "./testing/auth.ts";
import { createTestApp } from "./testing/test-app.ts";

// Every REST door reads its path's :id through one helper (pathId in lib/hono-env.ts): a user's
// own things answer a malformed id with the 404 that a missing one gets, public and admin
// catalogue ids with a 400 naming the field.
forEachDialect("ids in REST paths", (getDb) => {
  const app = () => createTestApp(getDb(), { env: AUTH_TEST_ENV });

  it("a malformed id of a user's own thing is that thing's 404", async () => {
    const call = authed(app(), (await registerUser(app())).cookie);
    const cases: [string, string, string][] = [
      ["GET", "/api/user-domains/abc", "Domain not found"],
      ["DELETE", "/api/registrar-accounts/0", "Account not found"],
      ["DELETE", "/api/notifications/channels/abc", "Notification channel not found"],
      ["DELETE", "/api/notifications/watches/-1", "Watch not found"],
      ["DELETE", "/api/api-keys/abc", "API key not found"],
      ["DELETE", "/api/account/sessions/abc", "You have no session with this id."],
    ];
    for (const [method, path, message] of cases) {
      expect(await call(path, { method }), `${method} ${path}`).toMatchObject({ status: 404, body: { message } });
    }
  });

  it("a malformed id in the admin's and the public catalogue's paths is a 400 naming it; a user id is a 404", async () => {
    const admin = authed(app(), (await registerAdmin(app(), getDb())).cookie);
    expect(await admin("/api/admin/users/abc/disabled", { method: "PUT", body: { disabled: true } }))
      .toMatchObject({ status: 404, body: { message: "There is no user with this id." } });
    const schedule = await admin<{ message: string }>("/api/admin/schedules/abc", { method: "DELETE" });
    expect(schedule.status).toBe(400);
    expect(schedule.body.message).toMatch(/^Invalid id: /);
    const provider = await admin<{ message: string }>("/api/service-providers/abc");
    expect(provider.status).toBe(400);
    expect(provider.body.message).toMatch(/^Invalid id: /);
  });
});
