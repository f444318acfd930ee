/**
 * Text a user writes that reaches mail (a registrar account's label is the subject of its
 * sync-trouble mails; a webhook URL and a watched TLD are named in messages) is refused when it
 * holds a line break or another control character, through REST and tRPC, and nothing is stored.
 */
import { expect, it } from "vitest";
import { forEachDialect } from "../../db/testing/test-db.ts";
import { authed, registerUser } from "./testing/auth.ts";
import { createTestApp } from "./testing/test-app.ts";

interface Refusal { message: string; issues?: { field: string; message: string }[] }

forEachDialect("control characters in text that reaches mail", (getDb) => {
  it("refuses a registrar account label with a line break, saying so, and stores nothing", async () => {
    const app = createTestApp(getDb());
    const user = authed(app, (await registerUser(app)).cookie);
    for (const label of ["Main\r\nBcc: victim@example.com", "Tab\there", "Null\u0000byte", "Line\u2028separator", "Esc\u001b[31m"]) {
      const res = await user<Refusal>("/api/registrar-accounts", {
        method: "POST", body: { serviceProviderId: 1, label, authType: "api", credentials: { apiKey: "k", secretKey: "s" } },
      });
      expect(res.status, JSON.stringify(label)).toBe(400);
      expect(res.body.issues).toContainEqual({ field: "label", message: "The label cannot contain line breaks or other control characters" });
    }
    const viaTrpc = await user<{ error: { message: string } }>("/trpc/accounts.create", {
      method: "POST", body: { serviceProviderId: 1, label: "Main\nSubject: hi", credentials: { apiKey: "k", secretKey: "s" } },
    });
    expect(viaTrpc.status).toBe(400);
    expect(viaTrpc.body.error.message).toBe("Invalid label: The label cannot contain line breaks or other control characters");
    expect((await user<unknown[]>("/api/registrar-accounts")).body).toEqual([]);
  });

  it("refuses a webhook URL or a watched TLD with a control character", async () => {
    const app = createTestApp(getDb());
    const user = authed(app, (await registerUser(app)).cookie);
    const hook = await user<Refusal>("/api/notifications/webhooks", { method: "POST", body: { url: "https://hooks.example.com/a\r\nb", format: "ntfy" } });
    expect(hook.status).toBe(400);
    expect(hook.body.message).toBe("Invalid url: A webhook URL cannot contain line breaks or other control characters");
    const watch = await user<Refusal>("/api/notifications/watches", { method: "POST", body: { tld: "a\ni", priceKind: "renewal", target: "10" } });
    expect(watch.status).toBe(400);
    expect(watch.body.message).toBe("Invalid tld: A TLD cannot contain line breaks or other control characters");
    expect((await user<{ channels: unknown[] }>("/api/notifications")).body.channels).toEqual([]);
  });
});
