/**
 * Signing in from tests the way a browser does: form posts to /api/register or /api/login,
 * then the session cookie from Set-Cookie. Each call comes from its own address (the test
 * app's loopback peer is a trusted proxy, so X-Forwarded-For is read) so the per-IP sign-in
 * limit only bites where a test wants it.
 */
import type { Db } from "../../../db/client.ts";
import { setAdminByEmail } from "../../../db/repositories/user-repository.ts";
import { TEST_ORIGIN, TEST_PEER, type createTestApp } from "./test-app.ts";

type App = ReturnType<typeof createTestApp>;

let counter = 0;
export const nextIp = () => `10.0.${Math.floor(++counter / 250)}.${counter % 250}`;

/** Test apps that sign people in: their loopback peer (TEST_PEER) is a trusted proxy, so every helper call has its own IP. */
export const AUTH_TEST_ENV = { TRUSTED_PROXIES: TEST_PEER };

export function sessionCookieOf(res: Response): string | null {
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("session="));
  const value = cookie?.slice("session=".length).split(";")[0];
  return value ? `session=${value}` : null;
}

export async function formPost(app: App, path: string, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
  return app.request(`${TEST_ORIGIN}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: TEST_ORIGIN, "x-forwarded-for": nextIp(), ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

export interface TestUser {
  email: string;
  password: string;
  cookie: string;
}

export async function registerUser(app: App, fields: { email?: string; password?: string; firstName?: string } = {}): Promise<TestUser> {
  const email = fields.email ?? `user${Date.now()}${++counter}@example.com`;
  const password = fields.password ?? "correct horse battery";
  const res = await formPost(app, "/api/register", { email, password, firstName: fields.firstName ?? "Test" });
  const cookie = sessionCookieOf(res);
  if (res.status !== 302 || !cookie) throw new Error(`registration failed: ${res.status} ${await res.text()}`);
  return { email, password, cookie };
}

/**
 * A signed-up user made administrator the way `npm run admin -- grant` does it: registration
 * alone never makes one (docs/decisions/011-who-is-admin.md).
 */
export async function registerAdmin(app: App, db: Db, fields: { email?: string; password?: string; firstName?: string } = {}): Promise<TestUser> {
  const user = await registerUser(app, fields);
  if (!(await setAdminByEmail(db, user.email, true))) throw new Error(`no account ${user.email} to make administrator`);
  return user;
}

/** JSON requests carrying a session cookie, same-origin like the app's own client. */
export function authed(app: App, cookie: string) {
  return async <T = unknown>(path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) => {
    const res = await app.request(`${TEST_ORIGIN}${path}`, {
      method: init.method ?? "GET",
      headers: {
        cookie, origin: TEST_ORIGIN,
        ...(init.body !== undefined && typeof init.body !== "string" ? { "content-type": "application/json" } : {}),
        ...init.headers,
      },
      body: init.body === undefined ? undefined : typeof init.body === "string" ? init.body : JSON.stringify(init.body),
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: CSV, calendar or HTML bodies stay text
    }
    return { res, status: res.status, body: body as T, text };
  };
}
