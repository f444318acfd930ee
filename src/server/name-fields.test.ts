import { expect, it } from "vitest";
import { forEachDialect } from "../../db/testing/test-db.ts";
import { AUTH_TEST_ENV, authed, formPost, nextIp, registerUser } from "./testing/auth.ts";
import { createTestApp, TEST_ORIGIN } from "./testing/test-app.ts";

/** Line breaks, a tab, NUL, a C1 control, a line separator and a right-to-left override. */
const CONTROLS = ["Ada\r\nBcc: victim@example.com", "Ada\nLovelace", "Ada\tL", "Ada\u0000", "Ada\u0085", "Ada\u2028L", "Ada\u202Egnp.exe"];

forEachDialect("names are one line of text", (getDb) => {
  const app = () => createTestApp(getDb(), { env: AUTH_TEST_ENV });

  it("refuses a first name with control characters at sign-up, as JSON and from the form", async () => {
    for (const [i, firstName] of CONTROLS.entries()) {
      const res = await app().request(`${TEST_ORIGIN}/api/register`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: TEST_ORIGIN, "x-forwarded-for": nextIp() },
        body: JSON.stringify({ email: `control-${i}@example.com`, password: "correct horse battery", firstName }),
      });
      expect(res.status, JSON.stringify(firstName)).toBe(400);
      expect(((await res.json()) as { message: string }).message).toContain("First name cannot contain line breaks or other control characters");
    }
    const form = await formPost(app(), "/api/register", { email: "control-form@example.com", password: "correct horse battery", firstName: "Ada\r\nBcc: x@example.com" });
    expect(form.status).toBe(400);
    expect(await form.text()).toContain("First name cannot contain line breaks or other control characters");
    // A name in any script, with its accents and spaces, is fine.
    const ok = await registerUser(app(), { firstName: "Zoë Ağaoğlu-שָׁלוֹם" });
    expect((await authed(app(), ok.cookie)<{ firstName: string }>("/api/auth/user")).body.firstName).toBe("Zoë Ağaoğlu-שָׁלוֹם");
  });

  it("refuses an API key name with control characters", async () => {
    const user = await registerUser(app());
    const call = authed(app(), user.cookie);
    for (const name of CONTROLS) {
      const res = await call<{ message: string }>("/api/api-keys", { method: "POST", body: { name, password: user.password } });
      expect(res.status, JSON.stringify(name)).toBe(400);
      expect(res.body.message).toContain("Name cannot contain line breaks or other control characters");
    }
    expect((await call<{ name: string }>("/api/api-keys", { method: "POST", body: { name: "Nightly report", password: user.password } })).status).toBe(201);
    expect((await call<unknown[]>("/api/api-keys")).body).toHaveLength(1);
  });

  it("refuses a contact form name or subject with control characters", async () => {
    const message = { email: "ada@example.com", category: "feedback", message: "A message about prices." };
    const send = (body: object) => app().request(`${TEST_ORIGIN}/api/contact`, {
      method: "POST", headers: { "content-type": "application/json", origin: TEST_ORIGIN, "x-forwarded-for": nextIp() }, body: JSON.stringify(body),
    });
    const badName = await send({ ...message, name: "Ada\nL", subject: "About prices" });
    expect(badName.status).toBe(400);
    expect(((await badName.json()) as { message: string }).message).toContain("Name cannot contain line breaks");
    const badSubject = await send({ ...message, name: "Ada", subject: "About\r\nBcc: x@example.com" });
    expect(badSubject.status).toBe(400);
    expect(((await badSubject.json()) as { message: string }).message).toContain("Subject cannot contain line breaks");
    expect((await send({ ...message, name: "Ada", subject: "About prices" })).status).toBe(201);
  });
});
