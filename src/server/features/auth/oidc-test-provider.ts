/**
 * A tiny but real OpenID Connect provider on loopback, for tests: discovery, JWKS, an
 * authorize endpoint that signs the user in at once, and a token endpoint that checks the
 * client secret and PKCE and returns an RS256 ID token. `tamper` makes it misbehave on purpose.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

export type Tamper = "none" | "badSignature" | "badNonce" | "wrongAudience" | "expired";

export interface OidcIdentityClaims {
  sub: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
}

const rsaKey = () => generateKeyPairSync("rsa", { modulusLength: 2048 });
const b64url = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");

function signJwt(payload: object, key: KeyObject, kid: string): string {
  const data = `${b64url({ alg: "RS256", typ: "JWT", kid })}.${b64url(payload)}`;
  return `${data}.${sign("sha256", Buffer.from(data), key).toString("base64url")}`;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function startOidcProvider(client: { id: string; secret: string }) {
  const keys = rsaKey();
  const impostor = rsaKey();
  const kid = "test-key-1";
  const codes = new Map<string, { nonce: string; challenge: string; redirectUri: string }>();
  const state = { tamper: "none" as Tamper, identity: { sub: "subject-1", email: "oidc@example.com", email_verified: true, given_name: "Olive" } as OidcIdentityClaims };
  let issuer = "";

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", issuer);
    const json = (status: number, body: object) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    if (url.pathname === "/.well-known/openid-configuration") {
      return json(200, {
        issuer, authorization_endpoint: `${issuer}/authorize`, token_endpoint: `${issuer}/token`, jwks_uri: `${issuer}/jwks`,
        response_types_supported: ["code"], subject_types_supported: ["public"], id_token_signing_alg_values_supported: ["RS256"],
        token_endpoint_auth_methods_supported: ["client_secret_basic"], code_challenge_methods_supported: ["S256"],
      });
    }
    if (url.pathname === "/jwks") return json(200, { keys: [{ ...keys.publicKey.export({ format: "jwk" }), kid, alg: "RS256", use: "sig" }] });
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
        ...state.identity, iss: issuer, iat: now, exp: state.tamper === "expired" ? now - 600 : now + 300,
        aud: state.tamper === "wrongAudience" ? "someone-else" : client.id,
        nonce: state.tamper === "badNonce" ? "not-the-nonce" : grant.nonce,
      };
      const idToken = signJwt(claims, state.tamper === "badSignature" ? impostor.privateKey : keys.privateKey, kid);
      return json(200, { access_token: "at", token_type: "Bearer", expires_in: 300, id_token: idToken });
    }
    json(404, { error: "not_found" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    issuer,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
