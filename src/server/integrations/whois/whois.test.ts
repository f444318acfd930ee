import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { outboundPolicy, whoisPolicy } from "../../config.ts";
import { exchange } from "../net/http-exchange.ts";
import { readIanaTldAnswer, readWhoisAnswer, whoisDate } from "./answer.ts";
import { askIanaForWhoisServer, WhoisClient, whoisQueryFor } from "./client.ts";
import { parseServerAddress, port43Query } from "./port43.ts";
import { startFakeWhois, type FakeWhois } from "./testing/fake-whois.ts";
import {
  denicNotFound, denicRateLimited, denicWhois, goDaddyRegistryNotFound, goDaddyRegistryWhois, ianaNoSuchTld, ianaTldAnswer,
  identityDigitalNotFound, identityDigitalWhois, nominetWhois, verisignNotFound, verisignWhois,
} from "./testing/whois-answers.ts";

const DATES = { registration: "2014-09-08T19:25:46Z", expiration: "2031-09-08T19:25:46Z", lastChanged: "2025-05-20T08:12:35Z" };

describe("WHOIS answers", () => {
  it("reads Verisign's .com record: dates, statuses, nameservers, the registrar and its IANA id", () => {
    expect(readWhoisAnswer("example.com", verisignWhois("example.com", DATES))).toEqual({
      kind: "ok",
      record: {
        expirationDate: "2031-09-08", registrationDate: "2014-09-08", lastChangedDate: "2025-05-20",
        statuses: ["clientTransferProhibited", "clientDeleteProhibited"],
        nameservers: ["dns1.registrar-servers.com", "dns2.registrar-servers.com"],
        registrar: { ianaId: 1068, name: "NameCheap, Inc." },
      },
    });
  });

  it("reads Identity Digital's .io and GoDaddy Registry's .co records", () => {
    expect(readWhoisAnswer("example.io", identityDigitalWhois("example.io", DATES))).toMatchObject({
      kind: "ok", record: { expirationDate: "2031-09-08", registrar: { ianaId: 1068 }, statuses: ["clientTransferProhibited"] },
    });
    expect(readWhoisAnswer("example.co", goDaddyRegistryWhois("example.co", DATES))).toMatchObject({
      kind: "ok",
      record: { expirationDate: "2031-09-08", registrar: { ianaId: 146, name: "GoDaddy.com, LLC" }, statuses: expect.arrayContaining(["clientRenewProhibited"]) },
    });
  });

  it("reads DENIC's .de record, which has no expiry date, no registration date and no registrar", () => {
    expect(readWhoisAnswer("xn--mller-kva.de", denicWhois("müller.de", "xn--mller-kva.de", "2023-03-15T10:22:41+01:00"))).toEqual({
      kind: "ok",
      record: {
        expirationDate: null, registrationDate: null, lastChangedDate: "2023-03-15", statuses: ["ok"],
        nameservers: ["ns1.example.net", "ns2.example.net"], registrar: null,
      },
    });
  });

  it("reads Nominet's multi-line .uk record with its day-month-year dates", () => {
    const text = nominetWhois("example.co.uk", { registration: "14-Feb-1999", expiration: "14-Feb-2031", lastChanged: "13-Jan-2025" });
    expect(readWhoisAnswer("example.co.uk", text)).toMatchObject({
      kind: "ok", record: { expirationDate: "2031-02-14", registrationDate: "1999-02-14", lastChangedDate: "2025-01-13", registrar: { ianaId: null } },
    });
  });

  it("knows each registry's words for a name it does not hold, and for being asked too often", () => {
    expect(readWhoisAnswer("free.com", verisignNotFound("free.com")).kind).toBe("not_found");
    expect(readWhoisAnswer("free.io", identityDigitalNotFound()).kind).toBe("not_found");
    expect(readWhoisAnswer("free.co", goDaddyRegistryNotFound()).kind).toBe("not_found");
    expect(readWhoisAnswer("free.de", denicNotFound("free.de")).kind).toBe("not_found");
    expect(readWhoisAnswer("busy.de", denicRateLimited()).kind).toBe("rate_limited");
    expect(readWhoisAnswer("x.com", "Welcome to the registry.\nPlease try later.")).toEqual({ kind: "unreadable", reason: "the answer names no domain" });
  });

  it.each([
    ["2031-09-08T19:25:46Z", "2031-09-08"],
    ["2031-09-08T23:30:00-05:00", "2031-09-09"],
    ["2031-09-08 04:00:00", "2031-09-08"],
    ["2031.09.08", "2031-09-08"],
    ["2031/09/08", "2031-09-08"],
    ["14-Feb-2031", "2031-02-14"],
    ["08.09.2031", "2031-09-08"],
    ["2031-02-30", null],
    ["before long", null],
  ])("reads the date %j as %j", (text, day) => {
    expect(whoisDate(text)).toBe(day);
  });

  it("reads the WHOIS server IANA's root zone database lists for a TLD", () => {
    expect(readIanaTldAnswer(ianaTldAnswer("io", "whois.nic.io"))).toBe("whois.nic.io");
    expect(readIanaTldAnswer(ianaTldAnswer("es", null))).toBeNull();
    expect(readIanaTldAnswer(ianaNoSuchTld())).toBeNull();
    expect(() => readIanaTldAnswer("<html>")).toThrow("names no TLD");
  });

  it("shapes the query as the registry's server expects it", () => {
    expect(whoisQueryFor("whois.denic.de", "xn--mller-kva.de")).toBe("-T dn,ace xn--mller-kva.de");
    expect(whoisQueryFor("whois.jprs.jp", "example.jp")).toBe("example.jp/e");
    expect(whoisQueryFor("whois.nic.io", "example.io")).toBe("example.io");
    expect(parseServerAddress("127.0.0.1:4343")).toEqual({ host: "127.0.0.1", port: 4343 });
    expect(parseServerAddress("whois.iana.org")).toEqual({ host: "whois.iana.org", port: 43 });
    expect(parseServerAddress("[::1]:4343")).toEqual({ host: "::1", port: 4343 });
  });
});

/** The policy of a server whose operator allows nothing beyond public addresses. */
const PUBLIC_ONLY = whoisPolicy({ OUTBOUND_ALLOW_PRIVATE: "none" });

describe("WHOIS client against a loopback server", () => {
  let fake: FakeWhois;
  const servers = new Map<string, string | null>([["io", "whois.nic.io"], ["co", "whois.registry.co"], ["de", "whois.denic.de"], ["es", null]]);
  const client = (extra: Partial<ConstructorParameters<typeof WhoisClient>[0]> = {}) => new WhoisClient({
    serverFor: async (tld) => servers.get(tld) ?? null, override: { host: fake.host, port: fake.port },
    maxInFlightPerServer: 1, requestsPerSecondPerServer: 1000, cacheSeconds: 0, timeoutMs: 2000, maxBytes: 1024 * 1024, policy: PUBLIC_ONLY, ...extra,
  });
  beforeAll(async () => {
    fake = await startFakeWhois();
  });
  beforeEach(() => {
    fake.answers.clear();
    fake.queries.length = 0;
    Object.assign(fake, { delayMs: 0, hang: false, floodBytes: 0, maxAnswering: 0 });
  });
  afterAll(() => fake.close());

  it("answers found, not registered and no WHOIS server, sending each registry its own query form", async () => {
    fake.answers.set("example.io", identityDigitalWhois("example.io", DATES));
    fake.answers.set("-T dn,ace xn--mller-kva.de", denicWhois("müller.de", "xn--mller-kva.de", "2023-03-15T10:22:41+01:00"));
    const whois = client();
    expect(await whois.lookup("example.io")).toMatchObject({ kind: "ok", server: "whois://whois.nic.io", record: { expirationDate: "2031-09-08" } });
    expect(await whois.lookup("xn--mller-kva.de")).toMatchObject({ kind: "ok", server: "whois://whois.denic.de", record: { expirationDate: null } });
    fake.notFound = goDaddyRegistryNotFound();
    expect(await whois.lookup("free.co")).toEqual({ kind: "not_found", server: "whois://whois.registry.co" });
    expect(await whois.lookup("example.es")).toEqual({ kind: "no_service", server: "whois://" });
    expect(fake.queries).toEqual(["example.io", "-T dn,ace xn--mller-kva.de", "free.co"]);
  });

  it("gives up on a server that does not answer in time, and refuses an answer over the size cap", async () => {
    fake.hang = true;
    const started = Date.now();
    expect(await client({ timeoutMs: 300 }).lookup("slow.io")).toMatchObject({ kind: "error", reason: "The WHOIS server whois.nic.io did not answer within 300 ms" });
    expect(Date.now() - started).toBeLessThan(2000);
    fake.hang = false;
    fake.floodBytes = 3 * 1024 * 1024;
    expect(await client({ maxBytes: 1024 * 1024 }).lookup("flood.io")).toMatchObject({
      kind: "error", reason: "The WHOIS server whois.nic.io sent more than 1024 KB, so its answer was not read",
    });
  });

  it("rests a server that says it is asked too often, without asking it again until then", async () => {
    fake.notFound = denicRateLimited();
    let now = Date.parse("2026-11-26T10:00:00Z");
    const whois = client({ now: () => now, restMs: 600_000 });
    expect(await whois.lookup("a.de")).toMatchObject({ kind: "retry_later", retryAt: new Date(now + 600_000) });
    expect(await whois.lookup("b.de")).toMatchObject({ kind: "retry_later" });
    expect(fake.queries).toEqual(["-T dn,ace a.de"]);
    now += 600_001;
    fake.notFound = denicNotFound("b.de");
    expect(await whois.lookup("b.de")).toMatchObject({ kind: "not_found" });
  });

  it("keeps one query at a time at one server", async () => {
    fake.delayMs = 20;
    const whois = client();
    await Promise.all(Array.from({ length: 6 }, (_, i) => whois.lookup(`n${i}.io`)));
    expect(fake.queries).toHaveLength(6);
    expect(fake.maxAnswering).toBe(1);
  });

  it("asks IANA which server answers for a TLD", async () => {
    fake.answers.set("io", ianaTldAnswer("io", "whois.nic.io", "Internet Computer Bureau Limited"));
    fake.answers.set("es", ianaTldAnswer("es", null));
    const iana = { host: fake.host, port: fake.port, trusted: true };
    expect(await askIanaForWhoisServer(iana, "io", { timeoutMs: 1000, maxBytes: 65536, policy: PUBLIC_ONLY })).toBe("whois.nic.io");
    expect(await askIanaForWhoisServer(iana, "es", { timeoutMs: 1000, maxBytes: 65536, policy: PUBLIC_ONLY })).toBeNull();
  });

  it("never connects to a server whose name resolves to a private or loopback address, and sends one line only", async () => {
    const whois = new WhoisClient({
      serverFor: async () => "whois.evil.example", maxInFlightPerServer: 1, requestsPerSecondPerServer: 10, cacheSeconds: 0,
      timeoutMs: 1000, maxBytes: 65536, policy: PUBLIC_ONLY, resolve: async () => ["10.0.0.5"],
    });
    expect(await whois.lookup("x.io")).toMatchObject({
      kind: "error",
      reason: "The WHOIS server whois.evil.example cannot be asked: The address of whois.evil.example resolves to a private network address; "
        + "this server does not connect to private addresses unless its operator allows that address and port",
    });
    const loopback = { name: "whois.loop.example", host: "whois.loop.example", port: fake.port, trusted: false };
    await expect(port43Query(loopback, "x.io", { timeoutMs: 500, maxBytes: 1000, policy: PUBLIC_ONLY, resolve: async () => ["127.0.0.1"] }))
      .rejects.toThrow("resolves to a loopback address; this server does not connect to loopback addresses");
    await expect(port43Query({ ...loopback, host: "127.0.0.1", trusted: true }, "x.io\r\nanother", { timeoutMs: 500, maxBytes: 1000, policy: PUBLIC_ONLY }))
      .rejects.toThrow("one line");
    expect(fake.queries).toEqual([]);
  });

  it("asks a server IANA names under the same outgoing-address policy as an HTTP request: the operator's allowances and the port rule", async () => {
    fake.answers.set("x.io", identityDigitalWhois("x.io", DATES));
    const query = (allow: string, address: string) => port43Query({ name: "whois.loop.example", host: "whois.loop.example", port: fake.port, trusted: false }, "x.io", {
      timeoutMs: 2000, maxBytes: 65536, policy: whoisPolicy({ OUTBOUND_ALLOW_PRIVATE: allow }), resolve: async () => [address],
    });
    // The operator allows the loopback address and the fake's port (OUTBOUND_ALLOW_PRIVATE): the server is asked.
    expect(await query(`127.0.0.1:${fake.port}`, "127.0.0.1")).toContain("x.io");
    expect(fake.queries).toEqual(["x.io"]);
    // `loopback` allows loopback addresses on the policy's port only (43), not the fake's.
    await expect(query("loopback", "127.0.0.1")).rejects.toThrow("resolves to a loopback address");
    // A public address is asked on port 43 only.
    await expect(query("none", "93.184.216.34")).rejects.toThrow(
      `The WHOIS server whois.loop.example cannot be asked: The address of whois.loop.example uses port ${fake.port}; this server connects only to ports 43 unless its operator allows another`,
    );
    expect(fake.queries).toEqual(["x.io"]);

    // A private address is refused in the words an HTTP request to the same host gets.
    const refused = await query("none", "10.0.0.5").then(() => "", (error: Error) => error.message);
    const http = await exchange({
      service: "The WHOIS server whois.loop.example", url: new URL("https://whois.loop.example/"), method: "GET", headers: {}, body: undefined, trusted: false,
      redirect: "error", maxBytes: 1000, policy: outboundPolicy({ OUTBOUND_ALLOW_PRIVATE: "none" }),
      resolve: async () => [{ address: "10.0.0.5", family: 4 }], signal: AbortSignal.timeout(2000),
    }).then(() => "", (error: Error) => error.message);
    expect(refused).toContain("resolves to a private network address");
    expect(refused).toBe(http);
  });
});
