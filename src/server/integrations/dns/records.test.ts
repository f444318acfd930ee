/**
 * DnsRecords against a loopback DNS server: a question in flight is asked once however many
 * callers want its answer (a domain's records and its certificate probe both want the apex's
 * addresses), and asked again once answered.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DnsRecords } from "./records.ts";
import { startFakeDns, type FakeDns } from "./testing/fake-dns.ts";

describe("DNS records", () => {
  let dns: FakeDns;
  beforeAll(async () => {
    dns = await startFakeDns();
    dns.delayMs = 50;
    dns.set("shared.example", "A", ["192.0.2.7"]);
    dns.set("shared.example", "AAAA", ["2001:db8::7"]);
  });
  afterAll(() => dns.close());

  const records = () => new DnsRecords({ servers: [dns.address], timeoutMs: 2000, maxInFlightPerServer: 8, perSecondPerServer: 200 });
  const asked = (type: string) => dns.queries.filter((q) => q.name === "shared.example" && q.type === type).length;

  it("asks a question in flight once, and again after its answer", async () => {
    const lookups = records();
    const [a, b, aaaa] = await Promise.all([lookups.lookup("shared.example", "A"), lookups.lookup("Shared.Example", "A"), lookups.lookup("shared.example", "AAAA")]);
    expect(a).toEqual({ ok: true, records: ["192.0.2.7"] });
    expect(b).toEqual(a);
    expect(aaaa).toEqual({ ok: true, records: ["2001:db8::7"] });
    expect([asked("A"), asked("AAAA")]).toEqual([1, 1]);
    // Answers are not kept: the next look asks the resolver again.
    expect(await lookups.lookup("shared.example", "A")).toEqual(a);
    expect(asked("A")).toBe(2);
  });
});
