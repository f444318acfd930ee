/**
 * The operator's own registry servers (RDAP_SERVERS_FILE), through the real app, queue and
 * lookups with loopback RDAP and WHOIS fakes: an RDAP entry replaces the bootstrap's server for
 * .com and adds one for .es, a WHOIS entry names .us's server, every one of them under the same
 * outgoing-address policy as IANA's; a bad file stops the start with the line that is wrong.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { forEachDialect } from "../../../../db/testing/test-db.ts";
import type { JobQueue } from "../../../../jobs/queue.ts";
import { createTestQueue, waitFor } from "../../../../jobs/testing/queue-test-kit.ts";
import { loadConfig } from "../../config.ts";
import { startFakeRdap, type FakeRdap } from "../../integrations/rdap/testing/fake-rdap.ts";
import { verisignAnswer } from "../../integrations/rdap/testing/rdap-answers.ts";
import { startFakeWhois, type FakeWhois } from "../../integrations/whois/testing/fake-whois.ts";
import { goDaddyRegistryWhois } from "../../integrations/whois/testing/whois-answers.ts";
import { createLogger } from "../../lib/logger.ts";
import { AUTH_TEST_ENV, authed, registerUser } from "../../testing/auth.ts";
import { createTestApp, TEST_APP_SECRET } from "../../testing/test-app.ts";
import type { UserDomainItem } from "./item.ts";
import { registerRegistryJobs } from "./registry-jobs.ts";

const DATES = { registration: "2015-03-02T18:20:11Z", expiration: "2031-03-02T18:20:11Z", lastChanged: "2025-02-14T09:01:55Z" };
const dir = mkdtempSync(join(tmpdir(), "rdap-servers-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function serversFile(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

describe("RDAP_SERVERS_FILE at start", () => {
  const load = (text: string) => () => loadConfig({ NODE_ENV: "test", RDAP_SERVERS_FILE: serversFile("check.csv", text) });

  it("accepts comments, blank lines, a Unicode TLD and either server alone", () => {
    expect(load("# mine\ntld,rdap_base_url,whois_server\r\n\nde,https://rdap.example.de,\n.ES,,whois.example.es:4343\nмон,https://rdap.example.mn/v1/,\n")).not.toThrow();
  });

  it("stops the start with the file and the line that is wrong", () => {
    const path = join(dir, "check.csv");
    expect(load("tld,rdap_base_url,whois_server\nde,https://rdap.example.de/,\nes,ftp://rdap.example.es/,\n"))
      .toThrow(`Invalid configuration:\n  RDAP_SERVERS_FILE: ${path}: line 3: "ftp://rdap.example.es/" is not an http(s) URL without query or credentials`);
    expect(load("tld,rdap,whois\n")).toThrow(`${path}: line 1: the first line must be the header tld,rdap_base_url,whois_server`);
    expect(load("tld,rdap_base_url,whois_server\nde,https://a.example/\n")).toThrow("line 2: expected 3 fields (tld,rdap_base_url,whois_server), found 2");
    expect(load("tld,rdap_base_url,whois_server\nexample.com,https://a.example/,\n")).toThrow('line 2: "example.com" is not a top-level domain');
    expect(load("tld,rdap_base_url,whois_server\nde,,\n")).toThrow("line 2: names neither an RDAP base URL nor a WHOIS server for .de");
    expect(load("tld,rdap_base_url,whois_server\nde,https://a.example/,\n\nDE,,whois.example\n")).toThrow("line 4: .de is already listed on line 2");
    expect(load("tld,rdap_base_url,whois_server\nus,,who is\n")).toThrow('line 2: "who is" is not a host name or address, optionally with :port');
    expect(load("")).toThrow("the file is empty");
    expect(() => loadConfig({ NODE_ENV: "test", RDAP_SERVERS_FILE: join(dir, "missing.csv") })).toThrow(`RDAP_SERVERS_FILE: ${join(dir, "missing.csv")} cannot be read (ENOENT)`);
  });
});

forEachDialect("the operator's registry servers", (getDb, _dialect, getTestDb) => {
  let rdap: FakeRdap;
  let unlisted: FakeRdap;
  let whois: FakeWhois;
  let iana: FakeWhois;
  let queue: JobQueue;
  let env: Record<string, string>;

  beforeAll(async () => {
    const answer = (name: string) => ({ kind: "json" as const, body: verisignAnswer(name, DATES) });
    rdap = await startFakeRdap({ answerEvery: answer });
    unlisted = await startFakeRdap({ answerEvery: answer });
    whois = await startFakeWhois({ answerEvery: (q) => goDaddyRegistryWhois(q, DATES) });
    // IANA knows no WHOIS server for any TLD: .us is reached only through the file.
    iana = await startFakeWhois({ answerEvery: () => undefined });
    const file = serversFile("servers.csv", [
      "tld,rdap_base_url,whois_server",
      `com,${rdap.baseUrl},`,
      `es,${rdap.server.url},`,
      `it,${unlisted.baseUrl},`,
      `us,,${whois.address}`,
    ].join("\n"));
    env = {
      RDAP_SERVERS_FILE: file, RDAP_REQUESTS_PER_SECOND: "100", WHOIS_IANA_SERVER: iana.address, WHOIS_REQUESTS_PER_SECOND: "50",
      // The operator lists its own fakes' addresses, and only those, as it must for any private server.
      OUTBOUND_ALLOW_PRIVATE: `127.0.0.1:${new URL(rdap.baseUrl).port},${whois.address}`,
    };
    queue = createTestQueue(getTestDb());
    await queue.start({ work: true });
    await registerRegistryJobs(queue, { db: getDb(), config: loadConfig({ NODE_ENV: "test", APP_SECRET: TEST_APP_SECRET, ...env }), log: createLogger("silent") });
  });
  afterAll(async () => {
    await queue.stop();
    await rdap.server.close();
    await unlisted.server.close();
    await whois.close();
    await iana.close();
  });

  it("asks the file's RDAP and WHOIS servers before IANA's, under the same address policy", async () => {
    const app = createTestApp(getDb(), { queue, env: { ...AUTH_TEST_ENV, ...env } });
    const owner = authed(app, (await registerUser(app)).cookie);
    const settled = async (domainName: string) => {
      const added = await owner<UserDomainItem>("/api/user-domains", { method: "POST", body: { domainName } });
      expect(added.status).toBe(201);
      return waitFor(async () => (await owner<UserDomainItem>(`/api/user-domains/${added.body.id}`)).body, (d) => d.registry.outcome !== "pending", 30_000);
    };
    const stamp = Date.now();
    // .com: the file's server instead of Verisign's; .es: a server where IANA's bootstrap has none.
    const com = await settled(`operator-${stamp}.com`);
    expect(com.registry).toMatchObject({ outcome: "ok", protocol: "rdap" });
    expect(com.dates.expiration).toMatchObject({ date: "2031-03-02", source: "registry" });
    const es = await settled(`operator-${stamp}.es`);
    expect(es.registry).toMatchObject({ outcome: "ok", protocol: "rdap" });
    expect(rdap.requests).toEqual(expect.arrayContaining([`operator-${stamp}.com`, `operator-${stamp}.es`]));
    // .us over WHOIS at the file's server, which IANA does not name.
    const us = await settled(`operator-${stamp}.us`);
    expect(us.registry).toMatchObject({ outcome: "ok", protocol: "whois" });
    expect(us.dates.expiration).toMatchObject({ date: "2031-03-02", registryProtocol: "whois" });
    expect(whois.queries).toContain(`operator-${stamp}.us`);
    // .it's server is on this machine and not listed in OUTBOUND_ALLOW_PRIVATE: refused before connecting.
    const refused = await settled(`operator-${stamp}.it`);
    expect(refused.registry.outcome).toBe("error");
    expect(unlisted.requests).toEqual([]);
  });
});
