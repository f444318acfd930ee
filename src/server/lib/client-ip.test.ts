import { serve } from "@hono/node-server";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { forEachDialect } from "../../../db/testing/test-db.ts";
import { configWarnings, loadConfig } from "../config.ts";
import { IP_LIMIT } from "../features/auth/rate-limit.ts";
import { RESET_REQUESTS_PER_CLIENT } from "../features/auth/password-reset.ts";
import { CONTACT_LIMIT_PER_HOUR } from "../features/contact/service.ts";
import { mailEnv } from "../testing/account-mail.ts";
import { AUTH_TEST_ENV, formPost } from "../testing/auth.ts";
import { startSmtpFake, type SmtpFake } from "../testing/smtp-fake.ts";
import { connectionFrom, createTestApp, TEST_ORIGIN } from "../testing/test-app.ts";
import { clientKey, clientNetworks, normalizeAddress, parseTrustedProxies, resolveClientAddress } from "./client-ip.ts";
import { IPV6_NETWORK_SHARE } from "./rate-limiter.ts";

const proxies = (list: string) => {
  const { proxies, invalid } = parseTrustedProxies(list);
  expect(invalid).toEqual([]);
  return proxies;
};

describe("client address behind trusted proxies", () => {
  it("reads X-Forwarded-For only when the connection comes from a configured proxy", () => {
    const trusted = proxies("10.0.0.0/8,192.168.1.5");
    // An untrusted peer can write anything: its own address counts.
    expect(resolveClientAddress("198.51.100.4", "203.0.113.9", trusted)).toBe("198.51.100.4");
    expect(resolveClientAddress("192.168.1.6", "203.0.113.9", trusted)).toBe("192.168.1.6");
    // A trusted peer: the address it appended.
    expect(resolveClientAddress("10.1.2.3", "203.0.113.9", trusted)).toBe("203.0.113.9");
    expect(resolveClientAddress("192.168.1.5", "6.6.6.6, 203.0.113.9", trusted)).toBe("203.0.113.9");
    // Past every trusted hop, to the first untrusted one; entries left of it were written by the client.
    expect(resolveClientAddress("10.0.0.1", "6.6.6.6, 203.0.113.9, 10.9.9.9, 192.168.1.5", trusted)).toBe("203.0.113.9");
    // A trusted peer without the header, or with a garbage hop, stops at the last trusted address.
    expect(resolveClientAddress("10.0.0.1", undefined, trusted)).toBe("10.0.0.1");
    expect(resolveClientAddress("10.0.0.1", "6.6.6.6, not-an-ip", trusted)).toBe("10.0.0.1");
    expect(resolveClientAddress("10.0.0.1", "10.0.0.2, 10.0.0.3", trusted)).toBe("10.0.0.2");
    // No socket: unknown, whatever the header says.
    expect(resolveClientAddress(undefined, "203.0.113.9", trusted)).toBeUndefined();
  });

  it("matches IPv6 ranges and IPv4-mapped IPv6 peers, and counts mapped addresses as IPv4", () => {
    const trusted = proxies("::1, fd00::/8, 10.0.0.0/8");
    expect(resolveClientAddress("::1", "2001:DB8::7", trusted)).toBe("2001:db8::7");
    expect(resolveClientAddress("fd12:3456::1", "203.0.113.9", trusted)).toBe("203.0.113.9");
    expect(resolveClientAddress("::ffff:10.1.1.1", "203.0.113.9", trusted)).toBe("203.0.113.9");
    expect(resolveClientAddress("::ffff:198.51.100.4", "203.0.113.9", trusted)).toBe("198.51.100.4");
    expect(resolveClientAddress("fe80::1", "203.0.113.9", trusted)).toBe("fe80::1");
    expect(normalizeAddress("::FFFF:192.0.2.1")).toBe("192.0.2.1");
    expect(normalizeAddress("[2001:db8::1]")).toBe("2001:db8::1");
    expect(proxies("::ffff:10.0.0.0/104").has("10.200.0.1")).toBe(true);
    expect(proxies("::ffff:10.0.0.0/104").has("11.0.0.1")).toBe(false);
  });

  it("refuses a bad TRUSTED_PROXIES entry, and TRUST_PROXY=true, at boot", () => {
    expect(parseTrustedProxies("10.0.0.0/33, 10.0.0.1, nonsense, ::1/129, 1.2.3.4/8/9").invalid).toEqual(["10.0.0.0/33", "nonsense", "::1/129", "1.2.3.4/8/9"]);
    expect(() => loadConfig({ TRUSTED_PROXIES: "10.0.0.0/8,proxy.local" })).toThrowError(/TRUSTED_PROXIES: not an IP address or CIDR range: proxy\.local/);
    expect(loadConfig({ TRUSTED_PROXIES: "10.0.0.0/8, ::1" }).TRUSTED_PROXIES).toBe("10.0.0.0/8, ::1");
    expect(() => loadConfig({ TRUST_PROXY: "true" })).toThrowError(/TRUST_PROXY: no longer supported.*TRUSTED_PROXIES/);
    expect(() => loadConfig({ TRUST_PROXY: "1", TRUST_PROXY_HOPS: "2" })).toThrowError(/TRUST_PROXY/);
    expect(configWarnings({ TRUST_PROXY: "false", TRUST_PROXY_HOPS: "1" })).toEqual([
      expect.stringMatching(/^TRUST_PROXY is no longer read/), expect.stringMatching(/^TRUST_PROXY_HOPS is no longer read/),
    ]);
    expect(configWarnings({})).toEqual([]);
  });
});

describe("the client a per-client limit counts", () => {
  it("is an IPv4 address, an IPv6 address's /64 (and its /56), and a mapped address's IPv4 address", () => {
    expect(clientNetworks("198.51.100.4")).toEqual({ client: "198.51.100.4" });
    expect(clientNetworks("::ffff:198.51.100.4")).toEqual({ client: "198.51.100.4" });
    expect(clientNetworks("::ffff:c633:6404")).toEqual({ client: "198.51.100.4" });
    expect(clientNetworks("2001:db8:1:2::1")).toEqual({ client: "2001:db8:1:2::/64", network: "2001:db8:1:0::/56" });
    expect(clientNetworks("2001:0DB8:0001:02ab:ffff:1:2:3")).toEqual({ client: "2001:db8:1:2ab::/64", network: "2001:db8:1:200::/56" });
    expect(clientNetworks("fe80::1%eth0")).toEqual({ client: "fe80:0:0:0::/64", network: "fe80:0:0:0::/56" });
    expect(clientNetworks("64:ff9b::192.0.2.1")).toEqual({ client: "64:ff9b:0:0::/64", network: "64:ff9b:0:0::/56" });
    expect(clientKey("2001:db8:1:2:aaaa:bbbb:cccc:dddd")).toBe(clientKey("2001:db8:1:2::12"));
    expect(clientKey("2001:db8:1:3::1")).not.toBe(clientKey("2001:db8:1:2::1"));
    expect(clientKey("unknown")).toBe("unknown");
  });
});

const VALID = { name: "Ada", email: "ada@example.com", subject: "Hello", category: "data-inquiry", message: "A message about prices." };

forEachDialect("per-address limits and forged X-Forwarded-For", (getDb) => {
  const contact = (app: ReturnType<typeof createTestApp>, forwardedFor: string, peer: string) =>
    app.request(`${TEST_ORIGIN}/api/contact`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: TEST_ORIGIN, "x-forwarded-for": forwardedFor },
      body: JSON.stringify(VALID),
    }, connectionFrom(peer));

  it("counts a peer that is not a trusted proxy by its own address, whatever header it forges", async () => {
    const app = createTestApp(getDb(), { env: { TRUSTED_PROXIES: "10.0.0.0/8" } });
    const statuses: number[] = [];
    for (let i = 0; i < CONTACT_LIMIT_PER_HOUR + 3; i++) statuses.push((await contact(app, `203.0.113.${i}`, "198.51.100.20")).status);
    expect(statuses).toEqual([...Array(CONTACT_LIMIT_PER_HOUR).fill(201), 429, 429, 429]);
  });

  it("counts each client a trusted proxy forwards by the address it appended", async () => {
    const app = createTestApp(getDb(), { env: { TRUSTED_PROXIES: "10.0.0.0/8" } });
    const statuses: number[] = [];
    for (let i = 0; i < CONTACT_LIMIT_PER_HOUR + 3; i++) statuses.push((await contact(app, `203.0.113.${100 + i}`, "10.0.0.7")).status);
    expect(statuses).toEqual(Array(CONTACT_LIMIT_PER_HOUR + 3).fill(201));
    // The same client through the proxy is still limited, whatever it writes further left.
    const same: number[] = [];
    for (let i = 0; i < CONTACT_LIMIT_PER_HOUR + 1; i++) same.push((await contact(app, `6.6.${i}.6, 203.0.113.200`, "::ffff:10.0.0.7")).status);
    expect(same).toEqual([...Array(CONTACT_LIMIT_PER_HOUR).fill(201), 429]);
  });

  describe("over a real socket on loopback", () => {
    let server: Server | undefined;
    afterEach(() => new Promise<void>((resolve) => {
      if (!server) return resolve();
      server.close(() => resolve());
      server.closeAllConnections();
    }));
    const listen = (trusted: string) => new Promise<string>((resolve) => {
      const app = createTestApp(getDb(), { env: { TRUSTED_PROXIES: trusted } });
      server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info: AddressInfo) => resolve(`http://127.0.0.1:${info.port}`)) as Server;
    });
    const send = (base: string, forwardedFor: string) => fetch(`${base}/api/contact`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base, "x-forwarded-for": forwardedFor },
      body: JSON.stringify(VALID),
    }).then((r) => r.status);

    it("ignores the header when 127.0.0.1 is not a trusted proxy", async () => {
      const base = await listen("10.0.0.0/8");
      const statuses: number[] = [];
      for (let i = 0; i < CONTACT_LIMIT_PER_HOUR + 2; i++) statuses.push(await send(base, `198.18.0.${i}`));
      expect(statuses).toEqual([...Array(CONTACT_LIMIT_PER_HOUR).fill(201), 429, 429]);
    });

    it("reads the header when 127.0.0.1 is a trusted proxy", async () => {
      const base = await listen("127.0.0.1");
      const statuses: number[] = [];
      for (let i = 0; i < CONTACT_LIMIT_PER_HOUR + 2; i++) statuses.push(await send(base, `198.18.1.${i}`));
      expect(statuses).toEqual(Array(CONTACT_LIMIT_PER_HOUR + 2).fill(201));
    });
  });
});

forEachDialect("per-client limits count an IPv6 client by its /64 and /56", (getDb) => {
  let smtp: SmtpFake;
  beforeAll(async () => {
    smtp = await startSmtpFake();
  });
  afterAll(async () => {
    await smtp.close();
  });
  // The limits count in fixed windows of 15 minutes and one hour: start away from their ends.
  beforeEach(async () => {
    const left = 15 * 60_000 - (Date.now() % (15 * 60_000));
    if (left < 10_000) await new Promise((r) => setTimeout(r, left + 50));
  }, 20_000);
  const app = () => createTestApp(getDb(), { env: { ...AUTH_TEST_ENV, ...mailEnv(smtp) } });
  const post = (path: string, body: unknown, forwardedFor: string) => app().request(`${TEST_ORIGIN}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: TEST_ORIGIN, "x-forwarded-for": forwardedFor },
    body: JSON.stringify(body),
  });

  it("refuses the reset request past the limit from one /64 whatever interface identifiers it uses, and not another /56", async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= RESET_REQUESTS_PER_CLIENT + 2; i++) {
      statuses.push((await post("/api/password-reset/request", { email: `v6-reset-${i}@example.com` }, `2001:db8:10:2::${i.toString(16)}`)).status);
    }
    expect(statuses).toEqual([...Array(RESET_REQUESTS_PER_CLIENT).fill(202), 429, 429]);
    // A mapped IPv4 address is that IPv4 address, not one of the IPv6 clients.
    expect((await post("/api/password-reset/request", { email: "v6-reset-v4@example.com" }, "::ffff:192.0.2.77")).status).toBe(202);
    expect((await post("/api/password-reset/request", { email: "v6-reset-other@example.com" }, "2001:db8:10:102::1")).status).toBe(202);
  });

  it("refuses sign-ups past the limit from one /64", async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= IP_LIMIT + 1; i++) {
      const res = await formPost(app(), "/api/register", { email: `v6-signup-${i}@example.com`, password: "correct horse battery", firstName: "Six" }, { "x-forwarded-for": `2001:db8:20:5:${i.toString(16)}::1` });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array(IP_LIMIT).fill(302), 429]);
    const other = await formPost(app(), "/api/register", { email: "v6-signup-other@example.com", password: "correct horse battery", firstName: "Six" }, { "x-forwarded-for": "2001:db8:20:105::1" });
    expect(other.status).toBe(302);
  });

  it(`limits contact messages per /64, and per /56 at ${IPV6_NETWORK_SHARE} times that`, async () => {
    const send = async (ip: string) => (await post("/api/contact", VALID, ip)).status;
    const first: number[] = [];
    for (let i = 1; i <= CONTACT_LIMIT_PER_HOUR + 1; i++) first.push(await send(`2001:db8:30:1::${i}`));
    expect(first).toEqual([...Array(CONTACT_LIMIT_PER_HOUR).fill(201), 429]);
    // Other /64s of the same /56 each get their own allowance until the /56's is used up.
    const rest: number[] = [];
    for (let net = 2; net <= IPV6_NETWORK_SHARE; net++) {
      for (let i = 1; i <= CONTACT_LIMIT_PER_HOUR; i++) rest.push(await send(`2001:db8:30:${net}::${i}`));
    }
    expect(rest).toEqual(Array((IPV6_NETWORK_SHARE - 1) * CONTACT_LIMIT_PER_HOUR).fill(201));
    expect(await send("2001:db8:30:ff::1")).toBe(429);
    // A /64 of another /56 is not affected.
    expect(await send("2001:db8:30:100::1")).toBe(201);
  });
});
