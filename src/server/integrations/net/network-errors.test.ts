import { describe, expect, it } from "vitest";
import { httpStatusMessage, networkReason, unreachableMessage } from "./network-errors.ts";

describe("network failure sentences", () => {
  it.each([
    ["ENOTFOUND", "Could not reach Porkbun: the address api.porkbun.com was not found (DNS)."],
    ["EAI_AGAIN", "Could not reach Porkbun: the address api.porkbun.com was not found (DNS)."],
    ["ECONNREFUSED", "Could not reach Porkbun: api.porkbun.com refused the connection."],
    ["ETIMEDOUT", "Could not reach Porkbun: the connection to api.porkbun.com timed out."],
    ["ECONNRESET", "Could not reach Porkbun: the connection to api.porkbun.com was closed unexpectedly."],
    ["CERT_HAS_EXPIRED", "Could not reach Porkbun: the secure connection to api.porkbun.com failed (its TLS certificate could not be verified)."],
    ["ERR_TLS_CERT_ALTNAME_INVALID", "Could not reach Porkbun: the secure connection to api.porkbun.com failed (its TLS certificate could not be verified)."],
    ["ERR_SSL_WRONG_VERSION_NUMBER", "Could not reach Porkbun: the secure connection to api.porkbun.com failed."],
    ["EPROTO", "Could not reach Porkbun: the secure connection to api.porkbun.com failed."],
    ["ERR_TLS_HANDSHAKE_TIMEOUT", "Could not reach Porkbun: the secure connection to api.porkbun.com failed."],
    ["EWHATEVER", "Could not reach Porkbun; check the network and try again later."],
    [undefined, "Could not reach Porkbun; check the network and try again later."],
  ])("words %s without the code", (code, sentence) => {
    expect(unreachableMessage("Porkbun", code, "api.porkbun.com")).toBe(sentence);
  });

  it("has no sentence for an unknown code, so the caller can keep the raw reason", () => {
    expect(networkReason("EWHATEVER", "x.test")).toBeNull();
  });

  it.each([
    [401, undefined, "Porkbun refused the credentials (HTTP 401); check the API key and the account's API access."],
    [403, undefined, "Porkbun refused the credentials (HTTP 403); check the API key and the account's API access."],
    [429, 90_000, "Porkbun is limiting requests (HTTP 429); try again in 90 s."],
    [429, undefined, "Porkbun is limiting requests (HTTP 429); try again later."],
    [502, undefined, "Porkbun is unavailable (HTTP 502); try again later."],
  ])("words HTTP %i", (status, retryAfterMs, sentence) => {
    expect(httpStatusMessage("Porkbun", status, retryAfterMs)).toBe(sentence);
  });
});
