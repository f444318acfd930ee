import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { networkPolicy, PUBLIC_WEB } from "../net/address-policy.ts";
import { bootstrapFromServices, bundledBootstrap, bundledSupplement, parseBootstrapFile, rdapServerFor } from "./bootstrap.ts";
import { RdapClient } from "./client.ts";
import { eppStatus, parseDomainAnswer } from "./domain-answer.ts";
import { centralNicAnswer, denicAnswer, identityDigitalAnswer, nominetAnswer, switchAnswer, verisignAnswer } from "./testing/rdap-answers.ts";
import { startFakeRdap, type FakeRdap } from "./testing/fake-rdap.ts";

const DATES = { registration: "1997-09-15T04:00:00Z", expiration: "2028-09-14T04:00:00Z", lastChanged: "2019-09-09T15:39:04Z" };

describe("RDAP domain answers", () => {
  it("reads Verisign's answer for a .com name: dates, EPP statuses, nameservers, the registrar's IANA id", () => {
    expect(parseDomainAnswer(JSON.stringify(verisignAnswer("google.com", DATES)))).toEqual({
      registrationDate: "1997-09-15", expirationDate: "2028-09-14", lastChangedDate: "2019-09-09",
      statuses: [
        "clientDeleteProhibited", "clientTransferProhibited", "clientUpdateProhibited",
        "serverDeleteProhibited", "serverTransferProhibited", "serverUpdateProhibited",
      ],
      nameservers: ["ns1.google.com", "ns2.google.com", "ns3.google.com", "ns4.google.com"],
      registrar: { ianaId: 292, name: "MarkMonitor Inc." },
    });
  });

  it("keeps only host names as nameservers, dropping words, links, markup, addresses and over-long names", () => {
    const hostile = [
      "NS1.Example.NET.", "[Click to keep your domain](https://evil.example/phish)", "ns2.example.net <!channel>", "@everyone",
      "<a href=\"https://evil.example\">x</a>", "192.0.2.53", "ns3.example.net\r\nSubject: hi", `${"a".repeat(64)}.example.net`,
      `ns.${"x".repeat(2000)}.net`, "-ns.example.net", "ns1.example.net", "xn--mller-kva.example", "https://evil.example/phish",
      "ns4.example.net/path", "ns5 example net", "",
    ];
    const answer = verisignAnswer("hostile.com", DATES);
    const record = parseDomainAnswer(JSON.stringify({ ...answer, nameservers: hostile.map((ldhName) => ({ objectClassName: "nameserver", ldhName })) }));
    expect(record.nameservers).toEqual(["ns1.example.net", "xn--mller-kva.example"]);
    const many = Array.from({ length: 50 }, (_, i) => ({ objectClassName: "nameserver", ldhName: `ns${i}.example.net` }));
    expect(parseDomainAnswer(JSON.stringify({ ...answer, nameservers: many })).nameservers).toHaveLength(20);
  });

  it("reads a ccTLD answer whose registrar has no IANA id", () => {
    const record = parseDomainAnswer(JSON.stringify(nominetAnswer("google.co.uk", DATES)));
    expect(record).toMatchObject({ expirationDate: "2028-09-14", statuses: ["ok", "clientTransferProhibited"], registrar: { ianaId: null, name: expect.stringContaining("Markmonitor") } });
  });

  it("spells RDAP status words as EPP codes", () => {
    expect(["redemption period", "pending delete", "client hold", "server hold", "active", "clientHold"].map(eppStatus))
      .toEqual(["redemptionPeriod", "pendingDelete", "clientHold", "serverHold", "ok", "clientHold"]);
  });

  it("refuses a body that is not JSON or not a domain object, saying which", () => {
    expect(() => parseDomainAnswer("<html>busy</html>")).toThrow("the answer is not JSON");
    expect(() => parseDomainAnswer(JSON.stringify({ objectClassName: "entity" }))).toThrow("not an RDAP domain object (objectClassName)");
    expect(() => parseDomainAnswer(JSON.stringify({ objectClassName: "domain", events: "soon" }))).toThrow("not an RDAP domain object (events)");
  });
});

describe("RDAP answers of the registries the supplement names", () => {
  it("reads DENIC's .de answer, which has no expiry date, and SWITCH's, which has none either", () => {
    expect(parseDomainAnswer(JSON.stringify(denicAnswer("müller.de", "xn--mller-kva.de", "2023-03-15T10:22:41+01:00")))).toMatchObject({
      expirationDate: null, registrationDate: null, lastChangedDate: "2023-03-15", registrar: null,
    });
    expect(parseDomainAnswer(JSON.stringify(switchAnswer("example.ch", "2001-05-04T00:00:00Z")))).toMatchObject({ expirationDate: null, registrationDate: "2001-05-04" });
  });

  it("reads CentralNic's answer for a .co name: upper-case name, an expiry, the registrar's IANA id", () => {
    expect(parseDomainAnswer(JSON.stringify(centralNicAnswer("example.co", DATES)))).toMatchObject({
      expirationDate: "2028-09-14", registrationDate: "1997-09-15", lastChangedDate: "2019-09-09",
      statuses: ["clientTransferProhibited", "serverTransferProhibited"], registrar: { ianaId: 146, name: "GoDaddy.com, LLC" },
    });
  });

  it("reads Identity Digital's answer for a .io name", () => {
    expect(parseDomainAnswer(JSON.stringify(identityDigitalAnswer("example.io", DATES)))).toMatchObject({
      expirationDate: "2028-09-14", registrationDate: "1997-09-15", statuses: ["clientTransferProhibited"], registrar: { ianaId: 1068, name: "NameCheap, Inc." },
    });
  });
});

describe("RDAP bootstrap", () => {
  it("finds the server of a TLD in the bundled file, prefers https, and knows when there is none", () => {
    const bundled = bundledBootstrap();
    expect(rdapServerFor(bundled, "example.com")).toBe("https://rdap.verisign.com/com/v1/");
    expect(rdapServerFor(bundled, "example.co.uk")).toBe("https://rdap.nominet.uk/uk/");
    expect(rdapServerFor(bundled, "example.de")).toBeNull();
    const mixed = bootstrapFromServices([[["test"], ["http://rdap.example/", "https://rdap.example/"]]]);
    expect(rdapServerFor(mixed, "a.test")).toBe("https://rdap.example/");
  });

  it("asks the bundled supplement for a TLD the bootstrap does not cover, and only then", async () => {
    const bundled = bundledBootstrap();
    const supplement = bundledSupplement();
    expect(rdapServerFor(bundled, "example.de", supplement)).toBe("https://rdap.denic.de/");
    expect(rdapServerFor(bundled, "example.io", supplement)).toBe("https://rdap.identitydigital.services/rdap/");
    expect(rdapServerFor(bundled, "example.ch", supplement)).toBe("https://rdap.nic.ch/");
    expect(rdapServerFor(bundled, "example.co", supplement)).toBe("https://rdap.registry.co/co/");
    expect(rdapServerFor(bundled, "example.es", supplement)).toBeNull();
    // The bootstrap's own entry wins over the supplement's.
    expect(rdapServerFor(bootstrapFromServices([[["de"], ["https://rdap.example/"]]]), "example.de", supplement)).toBe("https://rdap.example/");
    const rdap = new RdapClient({ bootstrap: () => bundled, supplement, network: PUBLIC_WEB, maxInFlightPerServer: 2, requestsPerSecondPerServer: 1000, cacheSeconds: 0 });
    expect(await rdap.serverFor("example.sh")).toBe("https://rdap.identitydigital.services/rdap/");
    // Its servers are asked under the same address policy as the bootstrap's.
    const hijacked = new RdapClient({ bootstrap: () => bundled, supplement, network: PUBLIC_WEB, resolve: async () => [{ address: "10.0.0.1", family: 4 }], maxInFlightPerServer: 2, requestsPerSecondPerServer: 1000, cacheSeconds: 0 });
    expect(await hijacked.lookup("example.de")).toMatchObject({ kind: "error", server: "https://rdap.denic.de/", reason: expect.stringContaining("resolves to a private network address") });
  });

  it("asks the entries that list plain http only (.kg, .mg) over https at the same address", async () => {
    const bundled = bundledBootstrap();
    expect([...bundled.servers.entries()].filter(([, url]) => !url.startsWith("https://"))).toEqual([["kg", "http://rdap.cctld.kg/"], ["mg", "http://rdap.nic.mg/"]]);
    const rdap = new RdapClient({ bootstrap: () => bundled, network: PUBLIC_WEB, maxInFlightPerServer: 2, requestsPerSecondPerServer: 1000, cacheSeconds: 0 });
    expect(await rdap.serverFor("example.kg")).toBe("https://rdap.cctld.kg/");
    expect(await rdap.serverFor("example.mg")).toBe("https://rdap.nic.mg/");
    // Where it resolved to an address that is not allowed, the https request is refused like any other.
    const hijacked = new RdapClient({ bootstrap: () => bundled, network: PUBLIC_WEB, resolve: async () => [{ address: "10.0.0.1", family: 4 }], maxInFlightPerServer: 2, requestsPerSecondPerServer: 1000, cacheSeconds: 0 });
    expect(await hijacked.lookup("example.kg")).toMatchObject({ kind: "error", server: "https://rdap.cctld.kg/", reason: expect.stringContaining("resolves to a private network address; this server") });
    expect(JSON.stringify(await hijacked.lookup("example.kg"))).not.toContain("10.0.0.1");
  });

  it("refuses a download that is not a bootstrap file", () => {
    expect(() => parseBootstrapFile("nope")).toThrow("not JSON");
    expect(() => parseBootstrapFile(JSON.stringify({ services: "x" }))).toThrow("no readable services list");
    expect(parseBootstrapFile(JSON.stringify({ publication: "2026-11-01T00:00:00Z", services: [[["com"], ["https://r/"]]] })).services).toHaveLength(1);
  });
});

describe("RDAP client against a loopback server", () => {
  let fake: FakeRdap;
  const client = (fakeUrl: string, extra: Partial<ConstructorParameters<typeof RdapClient>[0]> = {}) => new RdapClient({
    bootstrap: () => bundledBootstrap(), baseUrlOverride: fakeUrl, network: PUBLIC_WEB, maxInFlightPerServer: 2, requestsPerSecondPerServer: 1000, cacheSeconds: 0, ...extra,
  });
  beforeAll(async () => {
    fake = await startFakeRdap();
  });
  beforeEach(() => {
    fake.answers.clear();
    fake.requests.length = 0;
    fake.tooManyRequests = undefined;
    fake.delayMs = 0;
    fake.maxInFlight = 0;
    fake.streamed = 0;
  });
  afterAll(() => fake.server.close());

  it("answers found, not registered (404), no RDAP service, and an unreadable body with its reason", async () => {
    fake.answers.set("google.com", { kind: "json", body: verisignAnswer("google.com", DATES) });
    fake.answers.set("broken.com", { kind: "raw", status: 200, body: "<html>maintenance</html>" });
    const rdap = client(fake.baseUrl);
    expect(await rdap.lookup("google.com")).toMatchObject({ kind: "ok", record: { expirationDate: "2028-09-14" } });
    expect(await rdap.lookup("free-name.com")).toEqual({ kind: "not_found", server: fake.baseUrl, source: "iana_rdap" });
    expect(await rdap.lookup("example.de")).toEqual({ kind: "no_service" });
    expect(await rdap.lookup("broken.com")).toMatchObject({ kind: "error", reason: expect.stringContaining("unreadable answer: the answer is not JSON") });
  });

  it("after a 429 rests the server for its Retry-After without sending more, and says when to come back", async () => {
    fake.tooManyRequests = 120;
    let now = Date.parse("2026-11-26T10:00:00Z");
    const rdap = client(fake.baseUrl, { now: () => now });
    const first = await rdap.lookup("google.com");
    expect(first).toMatchObject({ kind: "retry_later", retryAt: new Date(now + 120_000) });
    expect(await rdap.lookup("other.com")).toMatchObject({ kind: "retry_later" });
    expect(fake.requests).toEqual(["google.com"]);
    fake.tooManyRequests = undefined;
    now += 121_000;
    expect(await rdap.lookup("other.com")).toMatchObject({ kind: "not_found" });
  });

  it("hands back every lookup queued toward a server that answers 429, and makes each one after the wait", async () => {
    fake.tooManyRequests = 8;
    fake.delayMs = 20;
    let now = Date.parse("2026-11-26T10:00:00Z");
    const rdap = client(fake.baseUrl, { now: () => now });
    const names = Array.from({ length: 7 }, (_, i) => `queued${i}.com`);
    for (const name of names) fake.answers.set(name, { kind: "json", body: verisignAnswer(name, DATES) });
    // Two go out at once (the first of them meets the 429); five wait for a slot. Before the fix
    // in net/host-gates.ts the woken waiters returned without waking the next, and this never settled.
    const first = await Promise.race([
      Promise.all(names.map((n) => rdap.lookup(n))),
      new Promise<"stranded">((r) => setTimeout(() => r("stranded"), 3000)),
    ]);
    expect(first).not.toBe("stranded");
    expect(first).toEqual(names.map(() => expect.objectContaining({ kind: "retry_later", retryAt: new Date(now + 8000) })));
    expect(fake.requests.length).toBeLessThanOrEqual(2);
    const before = fake.requests.length;
    fake.tooManyRequests = undefined;
    now += 8001;
    const second = await Promise.all(names.map((n) => rdap.lookup(n)));
    expect(second.map((o) => o.kind)).toEqual(names.map(() => "ok"));
    expect(fake.requests.slice(before).sort()).toEqual([...names].sort());
  });

  it("takes waiting lookups in turns by owner, so one owner's long queue does not hold another's first name back", async () => {
    fake.delayMs = 10;
    const rdap = client(fake.baseUrl);
    const many = Array.from({ length: 40 }, (_, i) => rdap.lookup(`bulk${i}.com`, { fairKey: 1 }));
    const single = rdap.lookup("single.com", { fairKey: 2 });
    await Promise.all([...many, single]);
    // With 2 in flight, the second owner's name goes out right after one of the first owner's.
    expect(fake.requests.indexOf("single.com")).toBeLessThanOrEqual(3);
    expect(fake.requests).toHaveLength(41);
  });

  it("never has more than 2 requests in flight at one server, and reuses answers while cached", async () => {
    fake.delayMs = 30;
    for (let i = 0; i < 12; i++) fake.answers.set(`n${i}.com`, { kind: "json", body: verisignAnswer(`n${i}.com`, DATES) });
    const rdap = client(fake.baseUrl, { cacheSeconds: 60 });
    await Promise.all(Array.from({ length: 12 }, (_, i) => rdap.lookup(`n${i}.com`)));
    expect(fake.maxInFlight).toBe(2);
    await rdap.lookup("n3.com");
    expect(fake.requests).toHaveLength(12);
  });

  it("spaces requests to one server by its rate limit", async () => {
    const rdap = client(fake.baseUrl, { requestsPerSecondPerServer: 20 });
    const started = Date.now();
    await Promise.all(Array.from({ length: 6 }, (_, i) => rdap.lookup(`r${i}.com`)));
    // Six starts 50 ms apart: the last one 250 ms after the first.
    expect(Date.now() - started).toBeGreaterThanOrEqual(240);
  });
});

describe("RDAP servers that did not come from the configuration", () => {
  let fake: FakeRdap;
  let elsewhere: FakeRdap;
  beforeAll(async () => {
    fake = await startFakeRdap();
    elsewhere = await startFakeRdap({ answerEvery: (name) => ({ kind: "json", body: verisignAnswer(name, DATES) }) });
  });
  beforeEach(() => {
    fake.answers.clear();
    fake.requests.length = 0;
    fake.streamed = 0;
    elsewhere.requests.length = 0;
  });
  afterAll(async () => { await fake.server.close(); await elsewhere.server.close(); });

  /** A client whose bootstrap names `url` for .test, as a downloaded bootstrap file could. */
  const fromBootstrap = (url: string, network = PUBLIC_WEB) => new RdapClient({
    bootstrap: () => bootstrapFromServices([[["test"], [url]]]), network, maxInFlightPerServer: 2, requestsPerSecondPerServer: 1000, cacheSeconds: 0,
  });

  it("refuses a bootstrap entry pointing at the cloud metadata address, and shows none of what it would answer", async () => {
    const outcome = await fromBootstrap("https://169.254.169.254/latest/meta-data/").lookup("victim.test");
    expect(outcome).toEqual({
      kind: "error", server: "https://169.254.169.254/latest/meta-data/", source: "iana_rdap",
      reason: "The RDAP server 169.254.169.254 cannot be asked: The address of 169.254.169.254 is a link-local address (169.254.169.254); this server never connects to link-local addresses",
    });
  });

  it("refuses a bootstrap entry pointing at this machine, unless the operator lists it (OUTBOUND_ALLOW_PRIVATE)", async () => {
    fake.answers.set("mine.test", { kind: "json", body: verisignAnswer("mine.test", DATES) });
    const refused = await fromBootstrap(fake.baseUrl).lookup("mine.test");
    // Asked over https (the entry is plain http and not listed), and refused before connecting.
    expect(refused).toMatchObject({ kind: "error", server: fake.baseUrl.replace(/^http:/, "https:"), reason: expect.stringMatching(/loopback address \(127\.0\.0\.1 port \d+\)/) });
    expect(fake.requests).toEqual([]);
    const listed = await fromBootstrap(fake.baseUrl, networkPolicy(`127.0.0.1:${new URL(fake.baseUrl).port}`)).lookup("mine.test");
    expect(listed).toMatchObject({ kind: "ok", record: { expirationDate: "2028-09-14" } });
  });

  it("does not follow the configured server's redirect to another port of this machine or to a link-local address", async () => {
    const rdap = new RdapClient({ bootstrap: () => bundledBootstrap(), baseUrlOverride: fake.baseUrl, network: PUBLIC_WEB, maxInFlightPerServer: 2, requestsPerSecondPerServer: 1000, cacheSeconds: 0 });
    fake.answers.set("moved.com", { kind: "raw", status: 302, body: "", headers: { location: `${elsewhere.baseUrl}domain/moved.com` } });
    expect(await rdap.lookup("moved.com")).toMatchObject({ kind: "error", reason: expect.stringContaining("cannot be asked: The address of 127.0.0.1 is a loopback address") });
    expect(elsewhere.requests).toEqual([]);
    fake.answers.set("meta.com", { kind: "raw", status: 301, body: "", headers: { location: "http://169.254.169.254/latest/meta-data/iam/" } });
    expect(await rdap.lookup("meta.com")).toMatchObject({ kind: "error", reason: expect.stringContaining("link-local address (169.254.169.254)") });
    // A redirect within the configured server is followed.
    fake.answers.set("here.com", { kind: "raw", status: 302, body: "", headers: { location: "/domain/there.com" } });
    fake.answers.set("there.com", { kind: "json", body: verisignAnswer("there.com", DATES) });
    expect(await rdap.lookup("here.com")).toMatchObject({ kind: "ok" });
  });

  it("stops reading a 300 MB answer past 1 MB, and a slow one at the time limit", async () => {
    const rdap = new RdapClient({ bootstrap: () => bundledBootstrap(), baseUrlOverride: fake.baseUrl, network: PUBLIC_WEB, maxInFlightPerServer: 2, requestsPerSecondPerServer: 1000, cacheSeconds: 0, timeoutMs: 500 });
    fake.answers.set("huge.com", { kind: "stream", bytes: 300 * 1024 * 1024 });
    expect(await rdap.lookup("huge.com")).toMatchObject({
      kind: "error", reason: "The RDAP server 127.0.0.1 's answer is larger than 1 MB, more than it can be; it was not read to its end and nothing of it was used".replace(" 's", `:${new URL(fake.baseUrl).port}'s`),
    });
    await new Promise((r) => setTimeout(r, 100));
    expect(fake.streamed).toBeLessThan(16 * 1024 * 1024);
    fake.answers.set("slow.com", { kind: "stream", bytes: 1024 * 1024, chunkDelayMs: 200 });
    expect(await rdap.lookup("slow.com")).toMatchObject({ kind: "error", reason: expect.stringMatching(/did not answer within 500 ms/) });
  });
});
