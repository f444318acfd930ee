import { describe, expect, it } from "vitest";
import { httpStatusMessage, unreachableMessage } from "../../integrations/net/network-errors.ts";
import { RegistrarError, type RegistrarErrorKind } from "../../integrations/registrars/registrar.ts";
import { connectionTestMessage } from "./connection-test-message.ts";

const failure = (registrar: string, message: string, kind: RegistrarErrorKind) => connectionTestMessage(new RegistrarError(registrar, message, kind));

describe("connection test failure messages", () => {
  it.each([
    ["Porkbun", "Porkbun: Invalid API key. (002)", "auth",
      'Porkbun did not accept this API key and secret (it said: "Invalid API key"). Check both, and that API access is on for the account at Porkbun.'],
    ["Porkbun", "Porkbun: HTTP 503", "rejected", "Porkbun refused the connection test."],
    ["GoDaddy", "GoDaddy: Domain limit reached", "rejected", 'GoDaddy refused the connection test (it said: "Domain limit reached").'],
    ["GoDaddy", httpStatusMessage("GoDaddy", 401).replace(/\.$/, ""), "auth", "GoDaddy refused the credentials; check the API key and the account's API access."],
    ["Name.com", httpStatusMessage("Name.com", 503).replace(/\.$/, ""), "unavailable", "Name.com is unavailable; try again later."],
    ["Name.com", httpStatusMessage("Name.com", 429, 30_000).replace(/\.$/, ""), "rate-limit", "Name.com is limiting requests; try again in 30 s."],
    ["Porkbun", unreachableMessage("Porkbun", "ENOTFOUND", "api.porkbun.com").replace(/\.$/, ""), "network",
      "Could not reach Porkbun: the address api.porkbun.com was not found (DNS)."],
    ["Namecheap", "Namecheap sent an answer in an unexpected shape while listing domains (page 1, HTTP 200)", "malformed",
      "Namecheap sent an answer in an unexpected shape while listing domains (page 1)."],
  ] as const)("%s: %s", (registrar, message, kind, expected) => {
    const readable = failure(registrar, message, kind);
    expect(readable).toBe(expected);
    expect(readable).toContain(registrar);
    expect(readable).not.toMatch(/\(\d+\)|HTTP \d{3}/);
  });
});
