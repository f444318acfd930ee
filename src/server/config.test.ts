import { availableParallelism } from "node:os";
import { describe, expect, it } from "vitest";
import { loadConfig, webhookPolicy } from "./config.ts";

describe("configuration", () => {
  it("runs with nothing set: SQLite, port 3000, seeding on", () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ PORT: 3000, SQLITE_PATH: "./data/app.db", SEED_ON_START: true, LOG_LEVEL: "info", ADMIN_EMAILS: [] });
    expect(c.DATABASE_URL).toBeUndefined();
  });

  it("renders public pages in one thread per core unless RENDER_WORKERS says otherwise, 0 on the main thread", () => {
    expect(loadConfig({}).RENDER_WORKERS).toBe(availableParallelism());
    expect(loadConfig({ RENDER_WORKERS: "1" }).RENDER_WORKERS).toBe(1);
    expect(loadConfig({ RENDER_WORKERS: "0" }).RENDER_WORKERS).toBe(0);
    expect(() => loadConfig({ RENDER_WORKERS: "-1" })).toThrowError(/RENDER_WORKERS/);
  });

  it("parses lists and booleans", () => {
    const c = loadConfig({ ADMIN_EMAILS: " Ann@Example.com, bob@example.com ,", SEED_ON_START: "false", PORT: "8080" });
    expect(c.ADMIN_EMAILS).toEqual(["ann@example.com", "bob@example.com"]);
    expect(c.SEED_ON_START).toBe(false);
    expect(c.PORT).toBe(8080);
  });

  it("sends webhooks to public addresses on the usual web ports unless WEBHOOK_ALLOW_PRIVATE and WEBHOOK_PORTS widen it, and refuses other values", () => {
    expect(loadConfig({})).toMatchObject({ WEBHOOK_ALLOW_PRIVATE: "none", WEBHOOK_PORTS: "80,443,8080,8443", OUTBOUND_ALLOW_PRIVATE: "none", WEBHOOK_TIMEOUT_SECONDS: 10 });
    expect(loadConfig({ WEBHOOK_ALLOW_PRIVATE: "loopback", WEBHOOK_TIMEOUT_SECONDS: "3" })).toMatchObject({ WEBHOOK_ALLOW_PRIVATE: "loopback", WEBHOOK_TIMEOUT_SECONDS: 3 });
    const pairs = loadConfig({ WEBHOOK_ALLOW_PRIVATE: "10.0.0.0/8:9000, [::1]:8080, hooks.internal:*", WEBHOOK_PORTS: "443,9443" });
    expect(webhookPolicy(pairs)).toMatchObject({ ports: new Set([443, 9443]) });
    expect(webhookPolicy(pairs).allowances).toHaveLength(3);
    expect(() => loadConfig({ WEBHOOK_ALLOW_PRIVATE: "all, 10.0.0.1" })).toThrowError(/WEBHOOK_ALLOW_PRIVATE: not none, loopback, private, host:port or CIDR:port \(IPv6 in brackets, \* for any port\): all, 10\.0\.0\.1/);
    expect(() => loadConfig({ WEBHOOK_PORTS: "443,22x" })).toThrowError(/WEBHOOK_PORTS: not a port number \(1-65535\) or \*: 22x/);
    expect(() => loadConfig({ OUTBOUND_ALLOW_PRIVATE: "127.0.0.1" })).toThrowError(/OUTBOUND_ALLOW_PRIVATE/);
    expect(() => loadConfig({ WEBHOOK_TIMEOUT_SECONDS: "0" })).toThrowError(/WEBHOOK_TIMEOUT_SECONDS/);
  });

  it("fails fast with every bad key listed", () => {
    expect(() => loadConfig({ PORT: "eighty", LOG_LEVEL: "loud", DATABASE_URL: "mysql://x" })).toThrowError(
      /Invalid configuration:\n {2}PORT: .+\n {2}DATABASE_URL: must be a postgres:\/\/ URL or empty for SQLite\n {2}LOG_LEVEL: .+/,
    );
  });

  it("refuses a file: or sqlite: DATABASE_URL, which would be ignored, and points to SQLITE_PATH", () => {
    for (const url of ["file:./data/other.db", "sqlite:///var/db/app.db"]) {
      expect(() => loadConfig({ DATABASE_URL: url })).toThrowError(
        /^Invalid configuration:\n {2}DATABASE_URL: file: and sqlite: URLs are not read: leave DATABASE_URL empty and set SQLITE_PATH to the SQLite file$/,
      );
    }
    expect(loadConfig({ DATABASE_URL: "postgresql://u:p@localhost/db", APP_SECRET: "x".repeat(32) }).DATABASE_URL).toBe("postgresql://u:p@localhost/db");
  });

  it("requires the OpenID Connect keys together", () => {
    expect(() => loadConfig({ OIDC_ISSUER: "https://id.example.com" })).toThrowError(/OIDC_\*: set OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET together/);
  });

  it("points the price and rate sources at the real services, with no keys", () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      PORKBUN_API_URL: "https://api.porkbun.com/api/json/v3",
      NAMECHEAP_API_URL: "https://api.namecheap.com/xml.response",
      DYNADOT_API_URL: "https://api.dynadot.com/api3.json",
      NAMESILO_API_URL: "https://www.namesilo.com/api",
      ECB_API_URL: "https://www.ecb.europa.eu/stats/eurofxref",
      OPENPROVIDER_PRICES_URL: "https://docs.google.com/spreadsheets/d/1fHBHaxICLF7yhyEI5ir4jvY4H5h4nSa-aIgSMaP0500/export?format=csv&gid=1726709886",
      NAMECHEAP_PRICES_URL: "https://www.namecheap.com/domains/tlds.ashx",
      HOVER_PRICES_URL: "https://www.hover.com/domain-pricing",
    });
    expect([c.NAMECHEAP_API_KEY, c.DYNADOT_API_KEY, c.NAMESILO_API_KEY]).toEqual([undefined, undefined, undefined]);
  });

  it("rejects a source URL or Namecheap client address that cannot work", () => {
    expect(() => loadConfig({ PORKBUN_API_URL: "porkbun", NAMECHEAP_CLIENT_IP: "my-server" })).toThrowError(
      /PORKBUN_API_URL: .+\n {2}NAMECHEAP_CLIENT_IP: .+/,
    );
  });
});

describe("APP_SECRET and registrar API URLs", () => {
  it("requires APP_SECRET with PostgreSQL, not with SQLite", () => {
    expect(() => loadConfig({ DATABASE_URL: "postgres://u:p@localhost/db" })).toThrowError(/APP_SECRET: required with PostgreSQL/);
    expect(loadConfig({ DATABASE_URL: "postgres://u:p@localhost/db", APP_SECRET: "x".repeat(32) }).APP_SECRET).toHaveLength(32);
    expect(loadConfig({}).APP_SECRET).toBeUndefined();
  });

  it("defaults every registrar API to the real service", () => {
    expect(loadConfig({})).toMatchObject({
      PORKBUN_API_URL: "https://api.porkbun.com/api/json/v3", NAMECHEAP_API_URL: "https://api.namecheap.com/xml.response",
      DYNADOT_API_URL: "https://api.dynadot.com/api3.json", GODADDY_API_URL: "https://api.godaddy.com",
      NAMECOM_API_URL: "https://api.name.com", CLOUDFLARE_API_URL: "https://api.cloudflare.com/client/v4",
    });
    expect(() => loadConfig({ NAMECHEAP_CLIENT_IP: "not-an-ip" })).toThrowError(/NAMECHEAP_CLIENT_IP: must be an IPv4 address/);
  });
});
