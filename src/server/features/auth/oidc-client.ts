/**
 * The OpenID Connect relying party, on `openid-client`: discovery, the authorization request,
 * and the authorization-code grant with its state, PKCE and nonce checks. ID-token signatures
 * are verified against the provider's JWKS (`enableNonRepudiationChecks`), accepting only the
 * algorithms the provider's metadata lists (RS256 when it lists none) that sign with a public
 * key: `none` and HMAC are refused even when listed.
 *
 * Discovery metadata is cached per process for an hour. Each callback builds a fresh client
 * configuration from it, so the JWKS is fetched once per sign-in: a key the provider has just
 * rotated in is picked up at once, and a key id the current JWKS lacks is refused.
 */
import * as oidc from "openid-client";
import type { Config } from "../../config.ts";
import { AppError, unauthorized } from "../../lib/errors.ts";

export interface IdTokenClaims {
  sub: string;
  email?: unknown;
  email_verified?: unknown;
  given_name?: unknown;
}

const METADATA_CACHE_MS = 60 * 60 * 1000;
const TIMEOUT_S = 10;
const CLOCK_TOLERANCE_S = 60;

const unreachable = () => new AppError(503, "The identity provider is not reachable. Please try again later.");
const rejected = () => unauthorized("Sign-in could not be verified with the identity provider. Please try again.");

/** Plain http is allowed only for an issuer on this machine (development and tests). */
function isLoopbackHttp(issuer: string): boolean {
  const url = new URL(issuer);
  return url.protocol === "http:" && ["localhost", "127.0.0.1"].includes(url.hostname);
}

/** A network failure or timeout, as opposed to an answer we refused. */
const isTransportError = (error: unknown) =>
  (error instanceof TypeError && !("code" in error)) ||
  (error instanceof oidc.ClientError && (error.code === "OAUTH_TIMEOUT" || error.code === "OAUTH_ABORT"));

const metadataCache = new Map<string, { value: oidc.ServerMetadata; until: number }>();

async function serverMetadata(issuer: string, clientId: string): Promise<oidc.ServerMetadata> {
  const cached = metadataCache.get(issuer);
  if (cached && cached.until > Date.now()) return cached.value;
  if (new URL(issuer).protocol !== "https:" && !isLoopbackHttp(issuer)) {
    throw new AppError(503, "Single sign-on is misconfigured: OIDC_ISSUER must be an https URL (plain http only for localhost or 127.0.0.1).");
  }
  const execute = isLoopbackHttp(issuer) ? [oidc.allowInsecureRequests] : [];
  try {
    // discovery() also checks that the metadata names the configured issuer.
    const discovered = await oidc.discovery(new URL(issuer), clientId, undefined, undefined, { execute, timeout: TIMEOUT_S });
    const value = discovered.serverMetadata();
    metadataCache.set(issuer, { value, until: Date.now() + METADATA_CACHE_MS });
    return value;
  } catch {
    throw unreachable();
  }
}

/** A client configuration for this server's OIDC_* settings, with a JWKS cache of its own. */
async function clientConfiguration(config: Config): Promise<oidc.Configuration> {
  const issuer = config.OIDC_ISSUER!;
  const meta = await serverMetadata(issuer, config.OIDC_CLIENT_ID!);
  // client_secret_basic unless the provider only takes client_secret_post.
  const methods = meta.token_endpoint_auth_methods_supported;
  const postOnly = !!methods && !methods.includes("client_secret_basic") && methods.includes("client_secret_post");
  const auth = postOnly ? oidc.ClientSecretPost(config.OIDC_CLIENT_SECRET) : oidc.ClientSecretBasic(config.OIDC_CLIENT_SECRET);
  const client = new oidc.Configuration(meta, config.OIDC_CLIENT_ID!, { [oidc.clockTolerance]: CLOCK_TOLERANCE_S }, auth);
  client.timeout = TIMEOUT_S;
  if (isLoopbackHttp(issuer)) oidc.allowInsecureRequests(client);
  oidc.enableNonRepudiationChecks(client);
  return client;
}

export interface AuthorizationRequest {
  redirectUri: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

export async function authorizationUrl(config: Config, req: AuthorizationRequest): Promise<URL> {
  const client = await clientConfiguration(config);
  return oidc.buildAuthorizationUrl(client, {
    redirect_uri: req.redirectUri,
    scope: "openid email profile",
    state: req.state,
    nonce: req.nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(req.codeVerifier),
    code_challenge_method: "S256",
  });
}

export interface CallbackChecks {
  expectedState: string;
  expectedNonce: string;
  codeVerifier: string;
}

/**
 * Exchanges the code in `callbackUrl` (the redirect URI plus the provider's query) and returns
 * the verified ID-token claims. A refused answer is a 401, an unreachable provider a 503.
 */
export async function completeAuthorization(config: Config, callbackUrl: URL, checks: CallbackChecks): Promise<IdTokenClaims> {
  const client = await clientConfiguration(config);
  try {
    const tokens = await oidc.authorizationCodeGrant(client, callbackUrl, {
      expectedState: checks.expectedState,
      expectedNonce: checks.expectedNonce,
      pkceCodeVerifier: checks.codeVerifier,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims?.sub) throw rejected();
    return claims;
  } catch (error) {
    // A TypeError with a code is a misuse of the library: a bug, left to surface as a 500.
    if (error instanceof AppError || (error instanceof TypeError && "code" in error)) throw error;
    if (isTransportError(error)) throw unreachable();
    throw rejected();
  }
}
