import { expect, it } from "vitest";
import { forEachDialect } from "../../../../db/testing/test-db.ts";
import { createTestApp, getJson } from "../../testing/test-app.ts";

forEachDialect("site settings", (getDb) => {
  it("exposes the configured chat link and contact address, and null for each when unset", async () => {
    const unset = await getJson(createTestApp(getDb()), "/api/site-settings");
    expect(unset.body).toEqual({ communityChatUrl: null, contactEmail: null, priceStaleDays: 90 });
    const env = { COMMUNITY_CHAT_URL: "https://chat.example.org/invite/x", CONTACT_EMAIL: "help@example.org" };
    const set = await getJson<{ result: { data: unknown } }>(createTestApp(getDb(), { env }), "/trpc/site.settings");
    expect(set.body.result.data).toEqual({ communityChatUrl: "https://chat.example.org/invite/x", contactEmail: "help@example.org", priceStaleDays: 90 });
  });

  it("refuses a chat link that is not http(s) at boot", () => {
    expect(() => createTestApp(getDb(), { env: { COMMUNITY_CHAT_URL: "javascript:alert(1)" } })).toThrow(/COMMUNITY_CHAT_URL: must be an http\(s\) URL/);
  });
}, { seeded: false });
