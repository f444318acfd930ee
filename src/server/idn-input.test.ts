/**
 * Names as people type them, at every door that takes a domain or a TLD: adding and editing a
 * portfolio entry (REST and tRPC), the CSV import, a watched TLD and the register redirect.
 * Unicode, mixed case, a trailing dot and spaces are normalised to the stored A-label (and
 * shown as the U-label); an invalid code point is refused with a message naming it. (Lives
 * here because it crosses the portfolio, notifications and redirects features.)
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { forEachDialect } from "../../db/testing/test-db.ts";
import { createTestQueue } from "../../jobs/testing/queue-test-kit.ts";
import type { JobQueue } from "../../jobs/queue.ts";
import { WATCH_CHECK_QUEUE, type WatchItem } from "./features/notifications/watched-tlds.ts";
import type { ImportReport } from "./features/portfolio/csv-transfer.ts";
import type { UserDomainItem } from "./features/portfolio/item.ts";
import { AUTH_TEST_ENV, authed, registerUser } from "./testing/auth.ts";
import { createTestApp, TEST_ORIGIN } from "./testing/test-app.ts";

type Refusal = { message: string; issues?: { field: string; message: string }[] };

forEachDialect("internationalised names at every door", (getDb, _dialect, getTestDb) => {
  let queue: JobQueue;
  beforeAll(async () => {
    queue = createTestQueue(getTestDb());
    await queue.start({ work: false });
    // Adding a watch queues its first evaluation; nothing runs it here.
    await queue.createQueue(WATCH_CHECK_QUEUE);
  });
  afterAll(() => queue.stop());
  const app = () => createTestApp(getDb(), { queue, env: AUTH_TEST_ENV });
  const newUser = async () => authed(app(), (await registerUser(app())).cookie);

  it("adds and edits a domain typed in Unicode, any case, with a trailing dot and spaces, storing its A-label", async () => {
    const call = await newUser();
    const added = await call<UserDomainItem>("/api/user-domains", { method: "POST", body: { domainName: "  Müller.DE. " } });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ domainName: "xn--mller-kva.de", unicodeName: "müller.de", tldId: "de" });
    // The same name in another spelling is the same domain.
    for (const spelling of ["MÜLLER.de", "xn--mller-kva.de", "müller。de"]) {
      const again = await call<Refusal>("/api/user-domains", { method: "POST", body: { domainName: spelling } });
      expect([spelling, again.status, again.body.message]).toEqual([spelling, 409, "xn--mller-kva.de is already in your portfolio"]);
    }
    const chinese = await call<UserDomainItem>("/api/user-domains", { method: "POST", body: { domainName: "例子.中国", tldId: ".中国" } });
    expect(chinese.body).toMatchObject({ domainName: "xn--fsqu00a.xn--fiqs8s", unicodeName: "例子.中国", tld: { name: "xn--fiqs8s", unicodeName: "中国" } });
    const russian = await call<UserDomainItem>("/api/user-domains", { method: "POST", body: { domainName: "Пример.РФ", tldId: "РФ" } });
    expect(russian.body).toMatchObject({ domainName: "xn--e1afmkfd.xn--p1ai", unicodeName: "пример.рф" });

    const renamed = await call<UserDomainItem>(`/api/user-domains/${added.body.id}`, { method: "PUT", body: { domainName: "Straße.de " } });
    expect(renamed.body).toMatchObject({ domainName: "xn--strae-oqa.de", unicodeName: "straße.de", registry: { outcome: "pending" } });
    const viaTrpc = await call<{ result: { data: UserDomainItem } }>("/trpc/portfolio.create", { method: "POST", body: { domainName: "ÉCOLE.fr." } });
    expect(viaTrpc.body.result.data).toMatchObject({ domainName: "xn--cole-9oa.fr", unicodeName: "école.fr" });
  });

  it("refuses an invalid internationalised name, naming the character, at REST and tRPC", async () => {
    const call = await newUser();
    const cases: [string, string][] = [
      ["mü_ller.de", 'Domain part "mü_ller" contains invalid characters. Only letters, numbers, and hyphens are allowed'],
      ["ab\u200Dc.de", 'Domain part "ab\u200Dc" contains U+200D, which is not allowed in a domain name'],
      ["\u2764.com", 'Domain part "\u2764" contains "\u2764" (U+2764), which is not allowed in a domain name'],
      ["a\u05D0.com", 'Domain part "a\u05D0" mixes right-to-left ("\u05D0" (U+05D0)) and left-to-right ("a" (U+0061)) letters, which one part of a domain name cannot do'],
    ];
    for (const [domainName, message] of cases) {
      const rest = await call<Refusal>("/api/user-domains", { method: "POST", body: { domainName } });
      expect([rest.status, rest.body.issues?.[0]]).toEqual([400, { field: "domainName", message }]);
      const trpc = await call<{ error: { message: string } }>("/trpc/portfolio.create", { method: "POST", body: { domainName } });
      expect(trpc.body.error.message).toContain(message);
    }
    const badTld = await call<Refusal>("/api/user-domains", { method: "POST", body: { domainName: "example.com", tldId: "c\u200Dom" } });
    expect(badTld.body.issues?.[0]).toEqual({ field: "tldId", message: 'TLD "c\u200Dom" contains U+200D, which is not allowed in a domain name' });
  });

  it("imports Unicode names from a CSV and reports an invalid one by its row", async () => {
    const call = await newUser();
    const csv = ["domainName,tld,autoRenew", "Müller.de,,true", "  例子.中国. ,中国,", "bad\u00A0name.com,,", "MÜLLER.DE,,"].join("\n");
    const report = await call<ImportReport>("/api/user-domains/import", { method: "POST", body: csv, headers: { "content-type": "text/csv" } });
    expect(report.body.rows).toEqual([
      { row: 2, domainName: "xn--mller-kva.de", status: "added" },
      { row: 3, domainName: "xn--fsqu00a.xn--fiqs8s", status: "added" },
      { row: 4, domainName: "bad\u00A0name.com", status: "rejected", reason: 'Domain part "bad\u00A0name" contains U+00A0, which is not allowed in a domain name' },
      { row: 5, domainName: "xn--mller-kva.de", status: "rejected", reason: "Duplicate of row 2" },
    ]);
  });

  it("watches a TLD typed in Unicode as the catalogue's name, and refuses a bad one", async () => {
    const call = await newUser();
    const watch = await call<WatchItem>("/api/notifications/watches", { method: "POST", body: { tld: " .РФ. ", priceKind: "renewal", target: "10" } });
    expect(watch.status).toBe(201);
    expect(watch.body.tld).toMatchObject({ name: "xn--p1ai", unicodeName: "рф" });
    const bad = await call<Refusal>("/api/notifications/watches", { method: "POST", body: { tld: "r\u200Df", priceKind: "renewal", target: "10" } });
    expect([bad.status, bad.body.issues?.[0]?.message]).toEqual([400, 'TLD "r\u200Df" contains U+200D, which is not allowed in a domain name']);
  });

  it("sends the A-label to the registrar from /api/r/register, and refuses an invalid name", async () => {
    const { orm: db, t } = getDb();
    const [porkbun] = await db.select({ id: t.serviceProviders.id }).from(t.serviceProviders).where(eq(t.serviceProviders.slug, "porkbun"));
    const go = (domain: string) => app().request(`${TEST_ORIGIN}/api/r/register?providerId=${porkbun!.id}&domain=${encodeURIComponent(domain)}`, { redirect: "manual" });
    const res = await go(" Müller.DE. ");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("https://porkbun.com/checkout/search?q=xn--mller-kva.de");
    const bad = await go("mü\u2067ller.de");
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as Refusal).message).toBe('Domain part "mü\u2067ller" contains U+2067, which is not allowed in a domain name');
  });
});
