/**
 * The error pages a browser navigation gets (an unknown /api path, a used confirmation link) carry
 * the site's styles as written: a `>` in a selector escaped to `&gt;` breaks the rule, and the top
 * bar then shows its logo letter and the name run together and underlined ("TTLDScope").
 */
import { describe, expect, it } from "vitest";
import { openDb } from "../../../db/client.ts";
import { forEachDialect } from "../../../db/testing/test-db.ts";
import { createTestApp, TEST_ORIGIN } from "../testing/test-app.ts";

const NAVIGATION = { accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8" };
const styleOf = (page: string) => /<style>([\s\S]*?)<\/style>/.exec(page)?.[1] ?? "";

describe("error pages for browser navigations", () => {
  const app = () => createTestApp(openDb({ sqlitePath: ":memory:" }));

  it("keep their style sheet unescaped, so the top bar is drawn as the site's", async () => {
    const res = await app().request(`${TEST_ORIGIN}/api/no-such-call`, { headers: NAVIGATION });
    expect(res.status).toBe(404);
    const page = await res.text();
    const style = styleOf(page);
    expect(style).toContain(".boot-bar>a{display:flex");
    expect(style).toContain(".boot-bar>a>span{");
    expect(style).not.toMatch(/&gt;|&lt;|&quot;|&#39;|&amp;/);
    expect(page).toContain('<header class="boot-bar"><a href="/"><span aria-hidden="true">T</span>TLDScope</a></header>');
    expect(page).toContain("There is no page at /api/no-such-call.");
  });

  it("escape what a request put in the message, and only that", async () => {
    const res = await app().request(`${TEST_ORIGIN}/api/%3Cb%3Ebold%3C%2Fb%3E`, { headers: NAVIGATION });
    const page = await res.text();
    expect(page).not.toContain("<b>bold</b>");
    expect(styleOf(page)).toContain(".boot-bar>a{");
  });
});

forEachDialect("an unknown confirmation link opened in a browser", (getDb) => {
  it("gets the error page with its style sheet intact", async () => {
    const res = await createTestApp(getDb()).request(`${TEST_ORIGIN}/api/notifications/confirm?token=${"a".repeat(32)}`, { headers: NAVIGATION });
    expect(res.status).toBe(404);
    const page = await res.text();
    expect(page).toContain("This confirmation link is unknown: open the link of the newest confirmation mail");
    expect(styleOf(page)).toContain(".boot-bar>a{display:flex");
    expect(styleOf(page)).not.toContain("&gt;");
  });
});
