import { describe, expect, it } from "vitest";
import { loadConfig } from "../../config.ts";
import { amzDate, signAwsRequest } from "./aws-sigv4.ts";
import { route53Source } from "./route53.ts";
import { failure, serveFake } from "./testing/adapter-harness.ts";
import { fakeRoute53, ROUTE53_PAGE_SIZE, ROUTE53_TEST_KEY, route53Rows } from "./testing/fake-route53.ts";

const fake = fakeRoute53();
const harness = serveFake(fake);
const source = (key: Partial<typeof ROUTE53_TEST_KEY> = ROUTE53_TEST_KEY) => route53Source(loadConfig({
  ROUTE53_API_URL: harness.url(), ROUTE53_ACCESS_KEY_ID: key.accessKeyId, ROUTE53_SECRET_ACCESS_KEY: key.secretAccessKey,
}), harness.http);

describe("AWS Signature Version 4", () => {
  it("signs AWS's published get-vanilla example to its published signature", () => {
    const headers = signAwsRequest({
      method: "GET", url: "https://example.amazonaws.com/", headers: {}, body: "", region: "us-east-1", service: "service",
      now: new Date("2015-08-30T12:36:00Z"),
    }, ROUTE53_TEST_KEY);
    expect(headers).toEqual({
      "x-amz-date": "20150830T123600Z",
      authorization: "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, SignedHeaders=host;x-amz-date, " +
        "Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31",
    });
    expect(amzDate(new Date("2026-01-02T03:04:05.678Z"))).toBe("20260102T030405Z");
  });
});

describe("Amazon Route 53 price source", () => {
  it("reads every page of ListPrices, signed, to the cent", async () => {
    const list = await source().fetchPrices();
    const rows = route53Rows();
    // 313 recorded rows in pages of 120: three signed requests, each after the marker of the one before.
    expect(fake.control.requests).toHaveLength(Math.ceil(rows.length / ROUTE53_PAGE_SIZE));
    expect(fake.bodies).toEqual([{ MaxItems: 1000 }, { Marker: expect.any(String), MaxItems: 1000 }, { Marker: expect.any(String), MaxItems: 1000 }]);
    expect(list.providerKey).toBe("route53");
    expect(list.quotes).toHaveLength(313);
    const quote = (tld: string) => list.quotes.find((q) => q.tld === tld);
    expect(quote("com")).toEqual({
      tld: "com", registration: 1200, renewal: 1200, transfer: 1200, currency: "USD", isPromo: false, regularRegistration: null, transferIsPromo: false,
    });
    expect(quote("click")).toMatchObject({ registration: 300, renewal: 300, transfer: 300 });
    expect(quote("io")).toMatchObject({ registration: 7100, renewal: 7100 });
    expect(quote("co.uk")).toMatchObject({ registration: 900, renewal: 900 });
    // Renewal only: Route 53 no longer registers or takes transfers of .audio.
    expect(quote("audio")).toMatchObject({ registration: null, renewal: 1300, transfer: null, isPromo: false });
  });

  it("is not configured until both halves of the key are set, and sends nothing", async () => {
    expect(source({}).missingConfiguration()).toBe("ROUTE53_ACCESS_KEY_ID, ROUTE53_SECRET_ACCESS_KEY are not set");
    expect(source({ accessKeyId: "AKID" }).missingConfiguration()).toBe("ROUTE53_SECRET_ACCESS_KEY is not set");
    expect(await failure(source({}).fetchPrices())).toMatchObject({ kind: "not-configured" });
    expect(fake.control.requests).toHaveLength(0);
  });

  it("passes on AWS's refusal of a wrong secret or an unknown key, saying which settings to check", async () => {
    const wrongSecret = await failure(source({ ...ROUTE53_TEST_KEY, secretAccessKey: "not-the-secret" }).fetchPrices());
    expect(wrongSecret).toMatchObject({ kind: "auth", httpStatus: 400 });
    expect(wrongSecret.message).toMatch(/^Amazon Route 53 refused the request: The request signature we calculated does not match .+ — check ROUTE53_ACCESS_KEY_ID and ROUTE53_SECRET_ACCESS_KEY/);
    fake.control.behaviour = "provider-error";
    expect(await failure(source().fetchPrices())).toMatchObject({
      kind: "auth", message: expect.stringMatching(/^Amazon Route 53 refused the request: The security token included in the request is invalid\./),
    });
  });

  it("retries a 429 after Retry-After, and gives up after three 500s", async () => {
    fake.control.behaviour = "rate-limited-once";
    expect((await source().fetchPrices()).quotes).toHaveLength(313);
    expect(harness.waits).toEqual([1000]);
    fake.control.behaviour = "server-error";
    expect(await failure(source().fetchPrices())).toMatchObject({ kind: "http", message: "Amazon Route 53 answered 500 Internal Server Error three times; try again later" });
  });

  it("times out, and rejects malformed, cut-short and oversized answers", async () => {
    fake.control.behaviour = "hang";
    expect(await failure(source().fetchPrices())).toMatchObject({ kind: "timeout" });
    fake.control.behaviour = "malformed";
    expect(await failure(source().fetchPrices())).toMatchObject({ kind: "malformed", message: expect.stringMatching(/^Amazon Route 53 answered with an unexpected shape \(Prices: /) });
    fake.control.behaviour = "truncated";
    expect(await failure(source().fetchPrices())).toMatchObject({ kind: "incomplete" });
    fake.control.behaviour = "cut-off";
    expect(await failure(source().fetchPrices())).toMatchObject({ kind: "incomplete" });
    fake.control.behaviour = "success";
    fake.setPageText(`{"Prices": [${" ".repeat(5 * 1024 * 1024)}]}`);
    try {
      expect(await failure(source().fetchPrices())).toMatchObject({ kind: "malformed" });
    } finally {
      fake.setPageText(null);
    }
  });

  it("refuses a page marker that comes back again instead of asking forever", async () => {
    fake.setPageText(JSON.stringify({ Prices: route53Rows().slice(0, 2), NextPageMarker: "same" }));
    try {
      expect(await failure(source().fetchPrices())).toMatchObject({ kind: "malformed", message: expect.stringMatching(/same page marker twice/) });
      expect(fake.control.requests).toHaveLength(2);
    } finally {
      fake.setPageText(null);
    }
  });
});
