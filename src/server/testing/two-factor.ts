/** Two-step sign-in for tests: turn it on through the account API and sign in with a code, as an authenticator app would. */
import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { generateHOTP } from "@oslojs/otp";
import { expect } from "vitest";
import { authed, sessionCookieOf, type TestUser } from "./auth.ts";
import { TEST_ORIGIN, type createTestApp } from "./test-app.ts";

type App = ReturnType<typeof createTestApp>;

/** The code an app shows `steps` 30-second steps from now. */
export const codeAt = (secret: string, steps = 0) =>
  generateHOTP(decodeBase32IgnorePadding(secret), BigInt(Math.floor(Date.now() / 30_000) + steps), 6);

/** Turns two-step sign-in on for the user (password and the current step's code); returns the secret and recovery codes. */
export async function turnOnTwoFactor(app: App, user: TestUser): Promise<{ secret: string; recoveryCodes: string[] }> {
  const as = authed(app, user.cookie);
  const setup = await as<{ secret: string }>("/api/account/two-factor/setup", { method: "POST", body: { password: user.password } });
  expect(setup.status).toBe(200);
  const enabled = await as<{ recoveryCodes: string[] }>("/api/account/two-factor/enable", { method: "POST", body: { code: codeAt(setup.body.secret), password: user.password } });
  expect(enabled.status).toBe(200);
  return { secret: setup.body.secret, recoveryCodes: enabled.body.recoveryCodes };
}

/** Signs in with the password and then a code (`steps` ahead, so it is one not used yet); returns the session cookie. */
export async function signInWithCode(app: App, user: TestUser, secret: string, steps = 1): Promise<string> {
  const post = (path: string, body: unknown) => app.request(`${TEST_ORIGIN}${path}`, {
    method: "POST", headers: { "content-type": "application/json", origin: TEST_ORIGIN }, body: JSON.stringify(body),
  });
  const first = await post("/api/login", { email: user.email, password: user.password });
  const { token } = (await first.json()) as { token: string };
  const second = await post("/api/login/two-factor", { token, code: codeAt(secret, steps) });
  expect(second.status).toBe(200);
  return sessionCookieOf(second)!;
}
