/**
 * What every registrar fake shares: the account it pretends to hold, and faults injected on
 * chosen calls of its domain-list endpoint (rate limits, outages, malformed bodies, a hang, a
 * body cut off halfway) so adapters and the sync job can be driven through each failure.
 */
import type { Context } from "hono";
import { cutOff } from "../../prices/testing/fake-behaviour.ts";

export interface FakeDomain {
  name: string;
  created: string; // YYYY-MM-DD
  expires: string; // YYYY-MM-DD
  autoRenew: boolean;
  locked: boolean;
  privacy: boolean;
}

export type Fault =
  | { status: 429; retryAfter?: string }
  | { status: 401 | 403 | 500 | 502 | 503 }
  | { kind: "malformed" }
  | { kind: "hang"; ms?: number }
  | { kind: "cut" };

export interface FakeAccount {
  apiKey: string;
  secretKey: string;
  domains: FakeDomain[];
  /** Called with the 1-based number of each domain-list request; a fault replaces the answer. */
  faultAt?: (call: number) => Fault | undefined;
  /** Domain-list requests seen so far. */
  listCalls: number;
}

export function fakeAccount(domains: FakeDomain[], overrides: Partial<FakeAccount> = {}): FakeAccount {
  return { apiKey: "test-api-key-1234567890", secretKey: "test-secret-key-0987654321", domains, listCalls: 0, ...overrides };
}

/** n domains named name-0001.com, …, with dates spread over the years. */
export function makeDomains(n: number, tlds = ["com", "net", "org", "io"], prefix = "name"): FakeDomain[] {
  return Array.from({ length: n }, (_, i) => {
    const year = 2015 + (i % 8);
    const month = String((i % 12) + 1).padStart(2, "0");
    return {
      name: `${prefix}-${String(i + 1).padStart(4, "0")}.${tlds[i % tlds.length]}`,
      created: `${year}-${month}-15`, expires: `${year + 10}-${month}-15`,
      autoRenew: i % 2 === 0, locked: i % 3 !== 0, privacy: i % 4 !== 0,
    };
  });
}

/** Counts a list call and, when a fault is planned for it, answers with that fault. */
export async function listFault(c: Context, account: FakeAccount): Promise<Response | null> {
  account.listCalls++;
  const fault = account.faultAt?.(account.listCalls);
  if (!fault) return null;
  if ("status" in fault) {
    if (fault.status === 429 && fault.retryAfter !== undefined) c.header("Retry-After", fault.retryAfter);
    return c.json({ message: `fault ${fault.status}` }, fault.status);
  }
  if (fault.kind === "malformed") return c.body("<html>Service temporarily unavailable</html>", 200, { "content-type": "text/html" });
  if (fault.kind === "hang") {
    await new Promise((resolve) => setTimeout(resolve, fault.ms ?? 3000).unref());
    return c.json({ message: "too late" });
  }
  return cutOff(c, JSON.stringify({ status: "SUCCESS", domains: account.domains.map((d) => ({ domain: d.name })) }), "application/json");
}

/** epoch milliseconds of a YYYY-MM-DD day at noon UTC. */
export const epochMs = (day: string) => Date.parse(`${day}T12:00:00Z`);
/** MM/DD/YYYY, Namecheap's date format. */
export const usDate = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;
