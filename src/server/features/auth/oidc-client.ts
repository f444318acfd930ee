/**
 * The OpenID Connect relying-party side, on node:crypto and fetch only: discovery, the
 * authorization-code exchange and ID-token verification (RS256 against the provider's JWKS).
 * Metadata and keys are cached per process; an unknown key id triggers one JWKS refetch so
 * provider key rotation works without a restart.
 */
import { createPublicKey, verify, type JsonWebKey } from "node:crypto";
import { AppError, unauthorized } from "../../lib/errors.ts";

export interface ProviderMetadata {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  token_endpoint_auth_methods_supported?: string[];
}

export interface IdTokenClaims {
  iss: string;
  sub: string;
  aud: string | string[];
  exp: number;
  iat?: number;
  nonce?: string;
  azp?: string;
  email?: string;
  email_verified?: boolean | string;
  given_name?: string;
  name?: string;
}

const CACHE_MS = 60 * 60 * 1000;
const CLOCK_SKEW_S = 60;
const unreachable = () => new AppError(503, "The identity provider is not reachable. Please try again later.");
const rejected = () => unauthorized("Sign-in could not be verified with the identity provider. Please try again.");

async function fetchJson(url: string, init?: RequestInit): Promise<{ status: number; body: unknown }> {
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000), redirect: "error" });
    return { status: res.status, body: await res.json().catch(() => null) };
  } catch {
    throw unreachable();
  }
}

const metadataCache = new Map<string, { value: ProviderMetadata; until: number }>();

export async function discover(issuer: string): Promise<ProviderMetadata> {
  const cached = metadataCache.get(issuer);
  if (cached && cached.until > Date.now()) return cached.value;
  const { status, body } = await fetchJson(`${issuer.replace(/\/+$/, "")}/.well-known/openid-configuration`);
  const meta = body as Partial<ProviderMetadata> | null;
  if (status !== 200 || !meta?.authorization_endpoint || !meta.token_endpoint || !meta.jwks_uri || !meta.issuer) throw unreachable();
  // The metadata must describe the issuer we trust, or tokens would be checked against the wrong one.
  if (meta.issuer.replace(/\/+$/, "") !== issuer.replace(/\/+$/, "")) throw unreachable();
  const value = meta as ProviderMetadata;
  metadataCache.set(issuer, { value, until: Date.now() + CACHE_MS });
  return value;
}

export interface TokenRequest {
  code: string;
  redirectUri: string;
  codeVerifier: string;
  clientId: string;
  clientSecret: string;
}

/** Returns the raw ID token; client_secret_basic unless the provider only takes _post. */
export async function exchangeCode(meta: ProviderMetadata, req: TokenRequest): Promise<string> {
  const form = new URLSearchParams({ grant_type: "authorization_code", code: req.code, redirect_uri: req.redirectUri, code_verifier: req.codeVerifier });
  const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded", accept: "application/json" };
  const methods = meta.token_endpoint_auth_methods_supported;
  if (methods && !methods.includes("client_secret_basic") && methods.includes("client_secret_post")) {
    form.set("client_id", req.clientId);
    form.set("client_secret", req.clientSecret);
  } else {
    // RFC 6749 §2.3.1: both parts are form-encoded before being joined and base64-encoded.
    const basic = `${encodeURIComponent(req.clientId)}:${encodeURIComponent(req.clientSecret)}`;
    headers.authorization = `Basic ${Buffer.from(basic).toString("base64")}`;
  }
  const { status, body } = await fetchJson(meta.token_endpoint, { method: "POST", headers, body: form });
  const idToken = (body as { id_token?: unknown } | null)?.id_token;
  if (status !== 200 || typeof idToken !== "string") throw rejected();
  return idToken;
}

const jwksCache = new Map<string, { keys: JsonWebKey[]; fetchedAt: number }>();

async function signingKey(jwksUri: string, kid: string | undefined): Promise<JsonWebKey | null> {
  const pick = (keys: JsonWebKey[]) => {
    const rsa = keys.filter((k) => k.kty === "RSA" && (k.use === undefined || k.use === "sig"));
    return kid === undefined ? (rsa.length === 1 ? rsa[0]! : null) : (rsa.find((k) => k.kid === kid) ?? null);
  };
  const cached = jwksCache.get(jwksUri);
  const hit = cached && cached.fetchedAt + CACHE_MS > Date.now() ? pick(cached.keys) : null;
  if (hit) return hit;
  if (cached && Date.now() - cached.fetchedAt < 10_000) return null; // do not let bad tokens hammer the provider
  const { status, body } = await fetchJson(jwksUri);
  const keys = (body as { keys?: JsonWebKey[] } | null)?.keys;
  if (status !== 200 || !Array.isArray(keys)) throw unreachable();
  jwksCache.set(jwksUri, { keys, fetchedAt: Date.now() });
  return pick(keys);
}

const decodePart = (part: string): unknown => JSON.parse(Buffer.from(part, "base64url").toString("utf8"));

export interface ExpectedClaims {
  issuer: string;
  clientId: string;
  nonce: string;
  now?: Date;
}

/** Verifies signature, issuer, audience, expiry and nonce; any failure is a 401. */
export async function verifyIdToken(meta: ProviderMetadata, token: string, expected: ExpectedClaims): Promise<IdTokenClaims> {
  const parts = token.split(".");
  if (parts.length !== 3) throw rejected();
  let header: { alg?: string; kid?: string };
  let claims: IdTokenClaims;
  try {
    header = decodePart(parts[0]!) as typeof header;
    claims = decodePart(parts[1]!) as IdTokenClaims;
  } catch {
    throw rejected();
  }
  // Only RS256: accepting the header's choice would allow "none" or HMAC-with-public-key forgeries.
  if (header.alg !== "RS256") throw rejected();
  const jwk = await signingKey(meta.jwks_uri, header.kid);
  if (!jwk) throw rejected();
  const key = createPublicKey({ key: jwk, format: "jwk" });
  const signed = Buffer.from(`${parts[0]}.${parts[1]}`);
  if (!verify("sha256", signed, key, Buffer.from(parts[2]!, "base64url"))) throw rejected();

  const nowS = Math.floor((expected.now ?? new Date()).getTime() / 1000);
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (claims.iss !== meta.issuer || claims.iss.replace(/\/+$/, "") !== expected.issuer.replace(/\/+$/, "")) throw rejected();
  if (!audiences.includes(expected.clientId)) throw rejected();
  if (audiences.length > 1 && claims.azp !== expected.clientId) throw rejected();
  if (typeof claims.exp !== "number" || claims.exp + CLOCK_SKEW_S < nowS) throw rejected();
  if (typeof claims.iat === "number" && claims.iat - CLOCK_SKEW_S > nowS) throw rejected();
  if (claims.nonce !== expected.nonce) throw rejected();
  if (typeof claims.sub !== "string" || !claims.sub) throw rejected();
  return claims;
}
