/**
 * Route 53 Domains' ListPrices on loopback: checks each request's target and its SigV4
 * signature against the test key's secret, and answers the sample price list
 * (fixtures/route53/list-prices.2022-09-28.json, see SOURCES.md there) in pages of
 * ROUTE53_PAGE_SIZE rows with an opaque NextPageMarker, as the documented answer does. Its
 * refusals are AWS's `{__type, message}` with status 400.
 */
import { readFileSync } from "node:fs";
import { Hono, type Context } from "hono";
import { signAwsRequest } from "../aws-sigv4.ts";
import { createControl, respond, type FakeBehaviour, type FakeControl } from "./fake-behaviour.ts";

export const ROUTE53_FIXTURE = readFileSync(new URL("./fixtures/route53/list-prices.2022-09-28.json", import.meta.url), "utf8");
export const ROUTE53_TEST_KEY = { accessKeyId: "AKIDEXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY" };
/** Rows a page of the fake holds, fewer than the API's maximum so a whole list takes several pages. */
export const ROUTE53_PAGE_SIZE = 120;

type Row = { Name: string } & Record<string, unknown>;
export const route53Rows = (): Row[] => (JSON.parse(ROUTE53_FIXTURE) as { Prices: Row[] }).Prices;

const awsError = (c: Context, type: string, message: string) =>
  c.body(JSON.stringify({ __type: type, message }), 400, { "content-type": "application/x-amz-json-1.1" });

/** Serves the recorded rows until setRows replaces them; setPage replaces a whole page's text (an oversized answer). */
export function fakeRoute53(behaviour: FakeBehaviour = "success"): {
  app: Hono; control: FakeControl; bodies: unknown[]; setRows(rows: Row[]): void; setPageText(text: string | null): void;
} {
  const control = createControl(behaviour);
  const bodies: unknown[] = [];
  let rows = route53Rows();
  let pageText: string | null = null;
  const page = (marker: unknown) => {
    const start = typeof marker === "string" ? Number(Buffer.from(marker, "base64url").toString()) : 0;
    const end = start + ROUTE53_PAGE_SIZE;
    return JSON.stringify({
      Prices: rows.slice(start, end),
      ...(end < rows.length ? { NextPageMarker: Buffer.from(String(end)).toString("base64url") } : {}),
    });
  };
  const app = new Hono();
  app.post("/", async (c) => {
    const text = await c.req.text();
    let body: { Marker?: unknown } = {};
    try { body = JSON.parse(text) as typeof body; } catch { /* answered below as AWS does */ }
    bodies.push(body);
    if (c.req.header("x-amz-target") !== "Route53Domains_v20140515.ListPrices") return awsError(c, "UnknownOperationException", "");
    const date = c.req.header("x-amz-date") ?? "";
    const at = new Date(date.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, "$1-$2-$3T$4:$5:$6Z"));
    const expected = Number.isNaN(at.getTime()) ? null : signAwsRequest({
      method: "POST", url: c.req.url, body: text, region: "us-east-1", service: "route53domains", now: at,
      headers: { "content-type": c.req.header("content-type") ?? "", "x-amz-target": c.req.header("x-amz-target") ?? "" },
    }, ROUTE53_TEST_KEY).authorization;
    if (control.behaviour !== "provider-error" && c.req.header("authorization") !== expected) {
      control.requests.push(new URL(c.req.url));
      return awsError(c, "InvalidSignatureException", "The request signature we calculated does not match the signature you provided.");
    }
    return respond(control, c, {
      contentType: "application/x-amz-json-1.1",
      successText: () => pageText ?? page(body.Marker),
      success: (c) => c.body(pageText ?? page(body.Marker), 200, { "content-type": "application/x-amz-json-1.1" }),
      malformed: () => Response.json({ Prices: { com: 14 } }),
      providerError: (c) => awsError(c, "UnrecognizedClientException", "The security token included in the request is invalid."),
    });
  });
  return { app, control, bodies, setRows: (next) => { rows = next; }, setPageText: (text) => { pageText = text; } };
}
