import { XMLParser, XMLValidator } from "fast-xml-parser";
import { beforeEach, expect, it } from "vitest";
import { forEachDialect } from "../../../../db/testing/test-db.ts";
import { createTestApp, TEST_ORIGIN } from "../../testing/test-app.ts";

const HOUR = 3_600_000;
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@", isArray: (name) => name === "entry" || name === "link" });

interface AtomLink { "@rel": string; "@href": string; "@type"?: string }
interface AtomEntry { id: string; title: string; updated: string; published: string; content: { "#text": string; "@type": string }; link: AtomLink[] }
interface AtomFeed {
  feed: { "@xmlns": string; id: string; title: string; updated: string; author: { name: string }; link: AtomLink[]; entry?: AtomEntry[] };
}

const isoInstant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

forEachDialect("GET /status/feed.atom", (getDb) => {
  // Each test starts from no incidents and adds the ones it needs.
  beforeEach(async () => {
    const { orm: db, t } = getDb();
    await db.delete(t.incidents);
  });
  const fetchFeed = async () => {
    const res = await createTestApp(getDb()).request(`${TEST_ORIGIN}/status/feed.atom`);
    const text = await res.text();
    return { res, text };
  };

  it("is a well-formed Atom 1.0 feed with its required elements, even with no incidents", async () => {
    const { res, text } = await fetchFeed();
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8");
    expect(XMLValidator.validate(text)).toBe(true);
    const { feed } = parser.parse(text) as AtomFeed;
    expect(feed["@xmlns"]).toBe("http://www.w3.org/2005/Atom");
    expect(feed.id).toBe(`${TEST_ORIGIN}/status/feed.atom`);
    expect(feed.title).toBe("TLDScope status");
    expect(feed.updated).toMatch(isoInstant);
    expect(feed.author.name).toBe("TLDScope");
    expect(feed.link).toContainEqual({ "@rel": "self", "@type": "application/atom+xml", "@href": `${TEST_ORIGIN}/status/feed.atom` });
    expect(feed.entry).toBeUndefined();
  });

  it("has one entry per public incident, newest first, and leaves operator-only alerts out", async () => {
    const { orm: db, t } = getDb();
    const [rule] = await db.insert(t.alertRules).values({ name: "Stale price data", condition: "data_age_hours", threshold: 72, severity: "medium" }).returning();
    const now = Date.now();
    await db.insert(t.incidents).values([
      { title: "Search <slow> & late", description: "Searches take \"long\".", severity: "high", status: "investigating", source: "manual",
        createdAt: new Date(now - 2 * HOUR), updatedAt: new Date(now - HOUR) },
      { title: "Old issue", description: "Fixed.", severity: "low", status: "resolved", source: "manual",
        createdAt: new Date(now - 50 * HOUR), updatedAt: new Date(now - 30 * HOUR), resolvedAt: new Date(now - 30 * HOUR) },
      { title: "Stale price data: Porkbun", description: "Porkbun's prices were last confirmed 70434 hours ago", severity: "medium",
        status: "open", source: "porkbun.com", alertRuleId: rule!.id, createdAt: new Date(now - HOUR) },
    ]);
    const { text } = await fetchFeed();
    expect(XMLValidator.validate(text)).toBe(true);
    const { feed } = parser.parse(text) as AtomFeed;
    const entries = feed.entry ?? [];
    expect(entries.map((e) => e.title)).toEqual(["Search <slow> & late", "Old issue"]);
    expect(text).not.toContain("70434");
    expect(feed.updated).toBe(new Date(now - HOUR).toISOString());
    for (const entry of entries) {
      expect(entry.id).toMatch(new RegExp(`^${TEST_ORIGIN}/status#incident-\\d+$`));
      expect(entry.updated).toMatch(isoInstant);
      expect(entry.published).toMatch(isoInstant);
      expect(entry.content["@type"]).toBe("text");
      expect(entry.link).toContainEqual({ "@rel": "alternate", "@type": "text/html", "@href": `${TEST_ORIGIN}/status` });
    }
    expect(entries[0]!.content["#text"]).toBe('In progress. Searches take "long".');
    expect(entries[1]!.content["#text"]).toMatch(/^Resolved .+ UTC\. Fixed\.$/);
    expect(new Set(entries.map((e) => e.id)).size).toBe(2);
  });
});
