/**
 * A tiny but real OpenID Connect provider on loopback, for tests: discovery, JWKS, an
 * authorize endpoint that signs the user in at once, and a token endpoint that checks the
 * client secret and PKCE and returns an ID token signed with RS256 or ES256. It can rotate its
 * RSA key, and `tamper` makes it issue a bad token on purpose.
 */
import { createHash, createHmac, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type Tamper =
  | "honest"
  | "badSignature" // a published kid, signed by another key
  | "unknownKid" // signed by a key the JWKS never lists
  | "algNone" // alg "none", empty signature
  | "hs256WithPublicKey" // HS256 keyed with the RSA public key's PEM (algorithm confusion)
  | "wrongIssuer"
  | "wrongAudience"
  | "expired"
  | "badNonce";

export type SigningAlg = "RS256" | "ES256";

export interface OidcIdentityClaims {
  sub: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
}

interface SigningKey {
  kid: string;
  alg: SigningAlg;
  privateKey: KeyObject;
  publicKey: KeyObject;
}

const newKey = (kid: string, alg: SigningAlg): SigningKey => {
  const pair = alg === "RS256" ? generateKeyPairSync("rsa", { modulusLength: 2048 }) : generateKeyPairSync("ec", { namedCurve: "P-256" });
  return { kid, alg, ...pair };
};
const b64url = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");

function signJwt(payload: object, key: SigningKey, header: { alg: string; kid?: string } = { alg: key.alg, kid: key.kid }): string {
  const data = `${b64url({ ...header, typ: "JWT" })}.${b64url(payload)}`;
  // JWS ES256 signatures are the raw r||s pair, not DER.
  const signature = key.alg === "ES256" ? sign("sha256", Buffer.from(data), { key: key.privateKey, dsaEncoding: "ieee-p1363" }) : sign("sha256", Buffer.from(data), key.privateKey);
  return `${data}.${signature.toString("base64url")}`;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export interface ProviderOptions {
  /** id_token_signing_alg_values_supported in the discovery document. */
  advertisedAlgs?: string[];
}

export async function startOidcProvider(client: { id: string; secret: string }, options: ProviderOptions = {}) {
  let rotations = 0;
  const published: SigningKey[] = [newKey("rsa-1", "RS256"), newKey("ec-1", "ES256")];
  const active: Record<SigningAlg, SigningKey> = { RS256: published[0]!, ES256: published[1]! };
  const impostor = newKey("impostor", "RS256");
  const codes = new Map<string, { nonce: string; challenge: string; redirectUri: string }>();
  const state = {
    tamper: "honest" as Tamper,
    signWith: "RS256" as SigningAlg,
    jwksFetches: 0,
    identity: { sub: "subject-1", email: "oidc@example.com", email_verified: true, given_name: "Olive" } as OidcIdentityClaims,
  };
  let issuer = "";

  function idToken(claims: Record<string, unknown>): string {
    const key = active[state.signWith];
    switch (state.tamper) {
      case "badSignature": return signJwt(claims, { ...impostor, kid: key.kid });
      case "unknownKid": return signJwt(claims, { ...impostor, kid: "unpublished-1" });
      case "algNone": return `${b64url({ alg: "none", typ: "JWT" })}.${b64url(claims)}.`;
      case "hs256WithPublicKey": {
        const data = `${b64url({ alg: "HS256", typ: "JWT", kid: active.RS256.kid })}.${b64url(claims)}`;
        const secret = active.RS256.publicKey.export({ type: "spki", format: "pem" });
        return `${data}.${createHmac("sha256", secret).update(data).digest("base64url")}`;
      }
      default: return signJwt(claims, key);
    }
  }

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", issuer);
    const json = (status: number, body: object) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    if (url.pathname === "/.well-known/openid-configuration") {
      return json(200, {
        issuer, authorization_endpoint: `${issuer}/authorize`, token_endpoint: `${issuer}/token`, jwks_uri: `${issuer}/jwks`,
        response_types_supported: ["code"], subject_types_supported: ["public"],
        id_token_signing_alg_values_supported: options.advertisedAlgs ?? ["RS256", "ES256"],
        token_endpoint_auth_methods_supported: ["client_secret_basic"], code_challenge_methods_supported: ["S256"],
      });
    }
    if (url.pathname === "/jwks") {
      state.jwksFetches++;
      return json(200, { keys: published.map((k) => ({ ...k.publicKey.export({ format: "jwk" }), kid: k.kid, alg: k.alg, use: "sig" })) });
    }
    if (url.pathname === "/authorize") {
      const q = url.searchParams;
      if (q.get("client_id") !== client.id || q.get("response_type") !== "code" || q.get("code_challenge_method") !== "S256") return json(400, { error: "invalid_request" });
      const code = randomBytes(16).toString("hex");
      codes.set(code, { nonce: q.get("nonce") ?? "", challenge: q.get("code_challenge") ?? "", redirectUri: q.get("redirect_uri") ?? "" });
      const back = new URL(q.get("redirect_uri")!);
      back.searchParams.set("code", code);
      back.searchParams.set("state", q.get("state") ?? "");
      return res.writeHead(302, { location: back.toString() }).end();
    }
    if (url.pathname === "/token" && req.method === "POST") {
      // RFC 6749 §2.3.1: id and secret are form-urlencoded before base64, so decode them back.
      const basic = Buffer.from((req.headers.authorization ?? "").replace(/^Basic /, ""), "base64").toString("utf8");
      const [id = "", secret = ""] = basic.split(":").map((part) => decodeURIComponent(part.replaceAll("+", " ")));
      if (id !== client.id || secret !== client.secret) return json(401, { error: "invalid_client" });
      const form = new URLSearchParams(await readBody(req));
      const grant = codes.get(form.get("code") ?? "");
      codes.delete(form.get("code") ?? "");
      const verifier = form.get("code_verifier") ?? "";
      if (!grant || form.get("grant_type") !== "authorization_code" || form.get("redirect_uri") !== grant.redirectUri
        || createHash("sha256").update(verifier).digest("base64url") !== grant.challenge) return json(400, { error: "invalid_grant" });
      const now = Math.floor(Date.now() / 1000);
      const claims = {
        ...state.identity,
        iss: state.tamper === "wrongIssuer" ? "https://impostor.example" : issuer,
        iat: now, exp: state.tamper === "expired" ? now - 600 : now + 300,
        aud: state.tamper === "wrongAudience" ? "someone-else" : client.id,
        nonce: state.tamper === "badNonce" ? "not-the-nonce" : grant.nonce,
      };
      return json(200, { access_token: "at", token_type: "Bearer", expires_in: 300, id_token: idToken(claims) });
    }
    json(404, { error: "not_found" });
  };
  // A handler that throws answers 500, so the client under test sees a failed call, not a hang.
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => res.writeHead(500).end(String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    issuer,
    state,
    /** Publishes a new RSA key beside the old ones and signs RS256 tokens with it from now on; returns its kid. */
    rotateRsaKey(): string {
      const key = newKey(`rsa-${2 + rotations++}`, "RS256");
      published.push(key);
      active.RS256 = key;
      return key.kid;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
