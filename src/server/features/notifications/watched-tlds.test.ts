/**
 * Watched TLDs through the HTTP doors: adding resolves the name against the catalogue, refuses
 * what cannot be watched with a message a person understands, stays within the per-user cap
 * even under parallel requests, and nobody reads, edits or removes another user's watch.
 */
import { asc, count, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { forEachDialect } from "../../../../db/testing/test-db.ts";
import { MAX_WATCHES } from "../../../shared/schemas/watched-tld.ts";
import { authed, registerUser } from "../../testing/auth.ts";
import { daysAgo, setQuotes, useWatchWorker } from "../../testing/watched-tlds.ts";
import type { WatchItem } from "./watched-tlds.ts";

forEachDialect("watched TLDs", (getDb, _dialect, getTestDb) => {
  const setup = useWatchWorker(getDb, getTestDb);
  const newUser = async () => authed(setup.app(), (await registerUser(setup.app())).cookie);

  it("adds a watch by any spelling of a catalogue name and lists it with the lowest fresh quote and its date", async () => {
    const { providers } = await setQuotes(getDb(), "ai", [
      { registration: 8999, checked: daysAgo(3) },
      { registration: 7450, checked: daysAgo(1) },
      // Cheaper, but stale: not the best fresh quote.
      { registration: 3000, checked: daysAgo(200) },
    ]);
    const user = await newUser();
    const added = await user<WatchItem>("/api/notifications/watches", { method: "POST", body: { tld: ".AI", priceKind: "registration", target: "70" } });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      tld: { name: "ai" }, priceKind: "registration", target: "70.00", currency: "USD", met: false,
      bestQuote: { price: "74.50", provider: providers[1]!.name, quoted: { price: "74.50", currency: "USD" }, rateDate: null },
    });
    expect(added.body.bestQuote!.checkedAt.slice(0, 10)).toBe(daysAgo(1).toISOString().slice(0, 10));
    for (const tld of ["co.uk", "рф", "xn--p1ai"]) {
      const other = await user<WatchItem>("/api/notifications/watches", { method: "POST", body: { tld, priceKind: "renewal", target: 12.5 } });
      expect(other.status, tld).toBe(tld === "xn--p1ai" ? 409 : 201);
    }
    const listed = await user<WatchItem[]>("/api/notifications/watches");
    expect(listed.status).toBe(200);
    expect(listed.body.map((w) => `${w.tld.name} ${w.priceKind} ${w.target}`)).toEqual(["ai registration 70.00", "co.uk renewal 12.50", "xn--p1ai renewal 12.50"]);
    expect(listed.body[2]!.tld.unicodeName).toBe("рф");
  });

  it("refuses what cannot be watched, field by field, and stores nothing", async () => {
    const user = await newUser();
    const post = (body: unknown) => user<{ message: string; issues?: { field: string; message: string }[] }>("/api/notifications/watches", { method: "POST", body });
    const cases: [unknown, number, RegExp][] = [
      [{ tld: "nosuchname", priceKind: "registration", target: 10 }, 400, /No TLD named "\.nosuchname" is in the catalogue/],
      [{ tld: "ai", priceKind: "registration", target: -5 }, 400, /cannot be negative/],
      [{ tld: "ai", priceKind: "registration", target: "0" }, 400, /above zero/],
      [{ tld: "ai", priceKind: "registration", target: 5_000_000 }, 400, /at most 1,000,000/],
      [{ tld: "ai", priceKind: "registration", target: "12.345" }, 400, /at most two decimals/],
      [{ tld: "ai", priceKind: "registration", target: 10, currency: "XYZ" }, 400, /Unknown currency "XYZ"/],
      [{ tld: "ai", priceKind: "parking", target: 10 }, 400, /registration, renewal, transfer/],
      [{ priceKind: "registration", target: 10 }, 400, /Enter a TLD/],
    ];
    for (const [body, status, message] of cases) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.message, JSON.stringify(body)).toMatch(message);
    }
    const notJson = await user("/api/notifications/watches", { method: "POST", body: "tld=ai", headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(notJson.status).toBe(415);
    expect((await user<WatchItem[]>("/api/notifications/watches")).body).toEqual([]);
    const signedOut = await setup.app().request("http://localhost/api/notifications/watches");
    expect(signedOut.status).toBe(401);
  });

  it("edits a target, removes a watch, and answers 404 for another user's watch without touching it", async () => {
    const alice = await newUser();
    const bob = await newUser();
    const added = await alice<WatchItem>("/api/notifications/watches", { method: "POST", body: { tld: "ai", priceKind: "transfer", target: 50, currency: "eur" } });
    expect(added.body.currency).toBe("EUR");
    const id = added.body.id;
    const edited = await alice<WatchItem>(`/api/notifications/watches/${id}`, { method: "PATCH", body: { target: "45.5" } });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ id, target: "45.50", currency: "EUR" });
    const badEdit = await alice<{ message: string }>(`/api/notifications/watches/${id}`, { method: "PATCH", body: { target: -1 } });
    expect(badEdit.status).toBe(400);

    expect((await bob(`/api/notifications/watches/${id}`, { method: "PATCH", body: { target: 1 } })).status).toBe(404);
    expect((await bob(`/api/notifications/watches/${id}`, { method: "DELETE" })).status).toBe(404);
    expect((await bob<WatchItem[]>("/api/notifications/watches")).body).toEqual([]);
    expect((await alice(`/api/notifications/watches/nonsense`, { method: "DELETE" })).status).toBe(404);
    const kept = (await alice<WatchItem[]>("/api/notifications/watches")).body;
    expect(kept).toEqual([expect.objectContaining({ id, target: "45.50" })]);

    expect((await alice(`/api/notifications/watches/${id}`, { method: "DELETE" })).status).toBe(200);
    expect((await alice<WatchItem[]>("/api/notifications/watches")).body).toEqual([]);
    expect((await alice(`/api/notifications/watches/${id}`, { method: "DELETE" })).status).toBe(404);
  });

  it(`keeps to ${MAX_WATCHES} watches a user, even when the requests come at once, and makes room after a removal`, async () => {
    const user = await newUser();
    const { orm: db, t } = getDb();
    const names = (await db.select({ name: t.tlds.name }).from(t.tlds).where(eq(t.tlds.kind, "tld")).orderBy(asc(t.tlds.name)).limit(MAX_WATCHES + 10))
      .map((r) => r.name);
    const first = names.slice(0, MAX_WATCHES - 1);
    for (const tld of first) expect((await user("/api/notifications/watches", { method: "POST", body: { tld, priceKind: "renewal", target: 10 } })).status).toBe(201);
    // One place left, ten requests at once: exactly one gets it.
    const racing = await Promise.all(names.slice(MAX_WATCHES - 1, MAX_WATCHES + 9).map((tld) =>
      user<{ message: string }>("/api/notifications/watches", { method: "POST", body: { tld, priceKind: "renewal", target: 10 } })));
    expect(racing.filter((r) => r.status === 201)).toHaveLength(1);
    const refused = racing.filter((r) => r.status === 409);
    expect(refused).toHaveLength(9);
    expect(refused[0]!.body.message).toBe(`You can watch at most ${MAX_WATCHES} prices; remove a watch first`);
    const listed = (await user<WatchItem[]>("/api/notifications/watches")).body;
    expect(listed).toHaveLength(MAX_WATCHES);
    const [owner] = await db.select({ userId: t.watchedTlds.userId }).from(t.watchedTlds).where(eq(t.watchedTlds.id, listed[0]!.id));
    const [stored] = await db.select({ n: count() }).from(t.watchedTlds).where(eq(t.watchedTlds.userId, owner!.userId));
    expect(Number(stored!.n)).toBe(MAX_WATCHES);

    expect((await user(`/api/notifications/watches/${listed[0]!.id}`, { method: "DELETE" })).status).toBe(200);
    expect((await user("/api/notifications/watches", { method: "POST", body: { tld: listed[0]!.tld.name, priceKind: "renewal", target: 10 } })).status).toBe(201);
  });

  it("answers the same through tRPC: notifications.watches.add and list", async () => {
    const user = await newUser();
    const added = await user<{ result: { data: WatchItem } }>("/trpc/notifications.watches.add", { method: "POST", body: { tld: "io", priceKind: "registration", target: "30" } });
    expect(added.status).toBe(200);
    expect(added.body.result.data).toMatchObject({ tld: { name: "io" }, target: "30.00" });
    const refused = await user<{ error: { message: string } }>("/trpc/notifications.watches.add", { method: "POST", body: { tld: "nope-nope", priceKind: "registration", target: "30" } });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain("No TLD named");
    const listed = await user<{ result: { data: WatchItem[] } }>("/trpc/notifications.watches.list");
    expect(listed.body.result.data.map((w) => w.tld.name)).toEqual(["io"]);
  });
});
