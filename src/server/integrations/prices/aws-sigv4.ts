/**
 * AWS Signature Version 4 for one request with a JSON body, with node:crypto alone: the
 * canonical request (method, path, sorted query, the signed headers, the body's SHA-256), the
 * string to sign for `date/region/service/aws4_request`, the key derived from the secret, and
 * the Authorization header that carries the result. Signs host, x-amz-date and every header
 * given; the host is the URL's (with its port when not the scheme's default), as Node sends it.
 */
import { createHash, createHmac } from "node:crypto";

export interface AwsCredentials {
  accessKeyId: string;
  secretAccessKey: string;
}

export interface SignRequest {
  method: "GET" | "POST";
  url: string;
  /** Headers to send and sign, besides host and x-amz-date. */
  headers: Record<string, string>;
  body: string;
  region: string;
  service: string;
  /** The signing time; now unless given (tests pin it). */
  now?: Date;
}

const sha256Hex = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");
const hmac = (key: string | Buffer, text: string) => createHmac("sha256", key).update(text, "utf8").digest();

/** RFC 3986 encoding as SigV4 wants it: everything but unreserved characters, spaces as %20. */
const encode = (text: string) => encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** `20150830T123600Z`: the ISO time without separators or milliseconds. */
export const amzDate = (date: Date) => date.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");

function canonicalQuery(url: URL): string {
  return [...url.searchParams].map(([k, v]) => [encode(k), encode(v)] as const)
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`).join("&");
}

/** The headers to send: the given ones, x-amz-date and Authorization (host is left to the HTTP client). */
export function signAwsRequest(request: SignRequest, credentials: AwsCredentials): Record<string, string> {
  const url = new URL(request.url);
  const stamp = amzDate(request.now ?? new Date());
  const day = stamp.slice(0, 8);
  const signed: Record<string, string> = { host: url.host, "x-amz-date": stamp };
  for (const [name, value] of Object.entries(request.headers)) signed[name.toLowerCase()] = value.trim().replace(/\s+/g, " ");
  const names = Object.keys(signed).sort();
  const canonicalRequest = [
    request.method, url.pathname || "/", canonicalQuery(url),
    ...names.map((name) => `${name}:${signed[name]}`), "",
    names.join(";"), sha256Hex(request.body),
  ].join("\n");
  const scope = `${day}/${request.region}/${request.service}/aws4_request`;
  const stringToSign = ["AWS4-HMAC-SHA256", stamp, scope, sha256Hex(canonicalRequest)].join("\n");
  const key = hmac(hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, day), request.region), request.service), "aws4_request");
  const signature = createHmac("sha256", key).update(stringToSign, "utf8").digest("hex");
  return {
    ...request.headers,
    "x-amz-date": stamp,
    authorization: `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope}, SignedHeaders=${names.join(";")}, Signature=${signature}`,
  };
}
