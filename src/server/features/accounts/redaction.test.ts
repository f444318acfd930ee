/**
 * A registrar that echoes the credentials back in its error body, in the encodings they travel
 * in: none of them may reach the account's stored error, its sync log, a test-connection answer
 * or the server's log.
 */
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { forEachDialect } from "../../../../db/testing/test-db.ts";
import { loadConfig } from "../../config.ts";
import { createCredentialCipher } from "../../lib/credential-cipher.ts";
import { createLogger } from "../../lib/logger.ts";
import { REDACTED, redactSecrets } from "../../lib/redact.ts";
import { AUTH_TEST_ENV, authed, registerUser } from "../../testing/auth.ts";
import { startLoopbackServer, type LoopbackServer } from "../../testing/loopback.ts";
import { createTestApp, TEST_APP_SECRET } from "../../testing/test-app.ts";
import { providerId } from "../../testing/registrar-accounts.ts";
import type { SyncDeps } from "./deps.ts";
import type { AccountItem } from "./item.ts";
import { syncRegistrarAccount } from "./sync.ts";

const b64 = (text: string) => Buffer.from(text).toString("base64");
const hex = (text: string) => Buffer.from(text).toString("hex");

/** Every form of the credentials the fake echoes; none may be found anywhere afterwards. */
function leakedForms(token: string, username: string): string[] {
  const header = `Basic ${b64(`${username}:${token}`)}`;
  const forms = [
    b64(`${username}:${token}`), encodeURIComponent(header), b64(header), encodeURIComponent(token), JSON.stringify(token).slice(1, -1),
    hex(token), hex(token).toUpperCase(), b64(token), token,
  ];
  return username.length >= 4 ? [...forms, username, b64(username), encodeURIComponent(username)] : forms;
}

/** Name.com's API as a careless service might answer: every call is refused, echoing the Authorization header. */
function createEchoingNameCom() {
  return new Hono().all("/v4/*", (c) => {
    const header = c.req.header("authorization") ?? "";
    const [user = "", token = ""] = Buffer.from(header.replace(/^Basic /, ""), "base64").toString("utf8").split(":");
    const details = [
      `received ${header}`, `as base64 ${b64(header)}`, `url-encoded ${encodeURIComponent(header)}`,
      `token ${encodeURIComponent(token)} / ${JSON.stringify({ token }).replaceAll("/", "\\/")} / ${hex(token).toUpperCase()}`,
      `user ${user} is not allowed`,
    ].join("; ");
    return c.json({ message: "Unauthenticated", details }, 401);
  });
}

describe("redactSecrets", () => {
  const token = "tok_9f+/Zq=x1Y2", user = "alice";
  it("takes out each secret raw, in base64 (alone, in the Basic pair, in base64 again), URL-encoded, JSON-escaped and hex", () => {
    for (const form of leakedForms(token, user)) {
      const out = redactSecrets(`before ${form} after`, [token, user]);
      expect(out, form).not.toContain(form);
      // Only what is not secret is left: "Basic " (URL-encoded, or "QmFzaWMg" in base64) and base64 padding.
      expect(out, form).toMatch(/^before (Basic%20|QmFzaWMg)?\[redacted\][A-Za-z0-9=]{0,3} after$/);
    }
  });

  it("redacts a secret under four characters only where it stands as a whole token", () => {
    expect(redactSecrets("user ab1 is not allowed; about ab12 and cab1", ["ab1"])).toBe(`user ${REDACTED} is not allowed; about ab12 and cab1`);
    expect(redactSecrets('{"user":"ab1"} q=ab1&x', ["ab1"])).toBe(`{"user":"${REDACTED}"} q=${REDACTED}&x`);
    expect(redactSecrets(`Basic ${b64("ab1:a-long-token-value")}`, ["a-long-token-value", "ab1"])).toBe(`Basic ${REDACTED}`);
  });

  it("leaves text without secrets as it is", () => {
    expect(redactSecrets("Name.com rejected the username or API token: Unauthenticated", ["tok_9f+/Zq=x1Y2", "alice"]))
      .toBe("Name.com rejected the username or API token: Unauthenticated");
  });
});

forEachDialect("credentials echoed by a registrar", (getDb) => {
  let fake: LoopbackServer;
  const logLines: string[] = [];
  const log = createLogger("debug", false, { write: (line: string) => void logLines.push(line) });
  const app = () => createTestApp(getDb(), { env: { ...AUTH_TEST_ENV, NAMECOM_API_URL: fake.url }, log });
  const deps = (): SyncDeps => ({
    db: getDb(), log, cipher: createCredentialCipher(TEST_APP_SECRET),
    config: loadConfig({ NODE_ENV: "test", APP_SECRET: TEST_APP_SECRET, NAMECOM_API_URL: fake.url }),
    http: { timeoutMs: 2000, attempts: 1, baseDelayMs: 5 },
  });

  beforeAll(async () => {
    fake = await startLoopbackServer(createEchoingNameCom());
  });
  afterAll(() => fake.close());

  for (const [label, token, username] of [
    ["long credentials", "nc-TOKEN+/9f=Zq81e7c", "alice.smith"],
    ["a username under four characters", "nc-other/token+value==", "ab1"],
  ] as const) {
    it(`keeps ${label} out of the stored error, the sync log, test-connection and the log`, async () => {
      const user = authed(app(), (await registerUser(app())).cookie);
      const created = await user<AccountItem>("/api/registrar-accounts", {
        method: "POST",
        body: { serviceProviderId: await providerId(getDb(), "namecom"), label: "Echo", credentials: { apiKey: token, secretKey: username } },
      });
      expect(created.status).toBe(201);
      logLines.length = 0;

      const tested = await user<{ success: boolean; message: string }>(`/api/registrar-accounts/${created.body.id}/test-connection`, { method: "POST" });
      expect(tested.body.success).toBe(false);
      await expect(syncRegistrarAccount(deps(), created.body.id)).rejects.toThrow("Name.com rejected the username or API token");
      const account = (await user<AccountItem>(`/api/registrar-accounts/${created.body.id}`)).body;

      const texts = { test: tested.body.message, error: account.errorMessage ?? "", syncLog: JSON.stringify(account.lastSyncLog), log: logLines.join("") };
      expect(account.status).toBe("error");
      expect(texts.error).toContain("Name.com rejected the username or API token: Unauthenticated: received Basic [redacted]");
      expect(texts.syncLog).toContain("[redacted]");
      expect(texts.log).toContain("registrar account sync failed");
      for (const [where, text] of Object.entries(texts)) {
        for (const form of leakedForms(token, username)) expect(text.includes(form), `${where} holds ${form}`).toBe(false);
        if (username.length < 4) expect(text, where).not.toMatch(new RegExp(`\\b${username}\\b`));
      }
      expect(texts.log).not.toMatch(/authorization/i);
    });
  }

  it("the logger drops request headers wherever they sit", () => {
    logLines.length = 0;
    const secret = "Basic c2VjcmV0OnZhbHVl";
    const err = Object.assign(new Error("failed"), { request: { headers: { authorization: secret } }, headers: { cookie: "session=abc" } });
    log.error({ err, req: { method: "GET", headers: { authorization: secret } }, headers: { authorization: secret } }, "request failed");
    log.info({ credentials: { apiKey: "k1", secretKey: "k2" }, call: { apiKey: "k3" } }, "call");
    const text = logLines.join("");
    expect(text).toContain("request failed");
    for (const leaked of [secret, "session=abc", "k1", "k2", "k3", "headers"]) expect(text).not.toContain(leaked);
  });
});
