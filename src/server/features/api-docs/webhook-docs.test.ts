import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { openDb } from "../../../../db/client.ts";
import { buildPayload } from "../../integrations/webhooks/formats.ts";
import { generateSigningSecret } from "../../integrations/webhooks/signature.ts";
import { createTestApp, TEST_ORIGIN } from "../../testing/test-app.ts";

const unescapeHtml = (text: string) =>
  text.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, "\"").replace(/&#39;/g, "'").replace(/&amp;/g, "&");

type Verify = (secret: string, headers: Record<string, string>, rawBody: string) => boolean;

describe("the API reference's webhook section", () => {
  it("shows receiver code that accepts what the server signs and refuses changed, re-signed or old requests", async () => {
    const res = await createTestApp(openDb({ sqlitePath: ":memory:" })).request(`${TEST_ORIGIN}/api/reference`);
    const page = await res.text();
    expect(page).toContain("X-TLDScope-Signature: v1=&lt;hex&gt;");
    const code = /<section id="webhooks">[\s\S]*?<pre><code>([\s\S]*?)<\/code><\/pre>/.exec(page)?.[1];
    expect(code).toBeTruthy();
    // The page's own text, run as a receiver would run it.
    const file = join(mkdtempSync(join(tmpdir(), "webhook-docs-")), "verify.mjs");
    writeFileSync(file, unescapeHtml(code!));
    const { verifyTldscopeWebhook } = await import(pathToFileURL(file).href) as { verifyTldscopeWebhook: Verify };

    const secret = generateSigningSecret();
    const now = Math.floor(Date.now() / 1000);
    const message = { id: "n1", type: "domain.expiring", title: "example.com expires in 7 days", text: "Renew for €9 — or move", createdAt: new Date().toISOString() };
    const { body, headers } = buildPayload("generic", message, secret, now);
    const received = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
    expect(verifyTldscopeWebhook(secret, received, body)).toBe(true);
    expect(verifyTldscopeWebhook(secret, received, body.replace("7 days", "8 days"))).toBe(false);
    expect(verifyTldscopeWebhook(generateSigningSecret(), received, body)).toBe(false);
    const old = buildPayload("generic", message, secret, now - 600);
    expect(verifyTldscopeWebhook(secret, Object.fromEntries(Object.entries(old.headers).map(([k, v]) => [k.toLowerCase(), v])), old.body)).toBe(false);
    expect(verifyTldscopeWebhook(secret, {}, body)).toBe(false);
  });
});
