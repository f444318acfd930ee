/**
 * What a served certificate is reported as, against a loopback TLS server and test
 * certificates made with openssl: self-signed only when the certificate's issuer is its own
 * subject and key; a certificate from an authority nobody trusts is "untrusted" and names that
 * authority, whether or not the server sends the authority's own certificate along.
 */
import { createSecureContext, rootCertificates } from "node:tls";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { probeCertificate, type ProbeOutcome } from "./probe.ts";
import { startFakeTls, type FakeTls } from "./testing/fake-tls.ts";
import { createAuthority, selfSigned, type TestAuthority } from "./testing/test-certificates.ts";

describe("certificate problems", () => {
  let tls: FakeTls;
  let trusted: TestAuthority;
  let stranger: TestAuthority;

  beforeAll(async () => {
    trusted = createAuthority("Probe Trusted CA");
    stranger = createAuthority("Stranger CA");
    tls = await startFakeTls(null);
  }, 30_000);
  afterAll(() => tls.close());

  const probe = (host: string) => probeCertificate({
    host, port: 443, resolve: async () => ["127.0.0.1"], policy: { allowances: [], ports: "any" },
    connectOverride: { host: "127.0.0.1", port: tls.port }, secureContext: createSecureContext({ ca: [...rootCertificates, trusted.cert] }),
    timeoutMs: 5000, maxBytes: 256 * 1024, gate: (_address, run) => run(),
  });
  const facts = (outcome: ProbeOutcome) => {
    if (!outcome.ok) throw new Error(outcome.detail);
    return outcome.certificate;
  };

  it("calls a certificate self-signed when it is its own issuer", async () => {
    tls.serve("self.example", selfSigned(["self.example"]));
    expect(facts(await probe("self.example"))).toMatchObject({ problem: "self_signed", trusted: false, issuer: "CN=self.example" });
  });

  it("calls a certificate from an untrusted authority that sends its own CA certificate untrusted, naming the authority", async () => {
    const leaf = stranger.issue(["chain.example"], 30);
    tls.serve("chain.example", { key: leaf.key, cert: `${leaf.cert}\n${stranger.cert}` });
    const cert = facts(await probe("chain.example"));
    expect(cert).toMatchObject({ problem: "untrusted", trusted: false, issuer: "CN=Stranger CA, O=Stranger CA Trust" });
    expect(cert.detail).toBe("The certificate's issuer (CN=Stranger CA, O=Stranger CA Trust) is not a trusted authority: it does not chain to a trusted root (SELF_SIGNED_CERT_IN_CHAIN)");
  });

  it("calls a certificate from an untrusted authority sent alone untrusted too, and one from a trusted authority valid", async () => {
    tls.serve("alone.example", stranger.issue(["alone.example"], 30));
    expect(facts(await probe("alone.example"))).toMatchObject({ problem: "untrusted", issuer: "CN=Stranger CA, O=Stranger CA Trust" });
    tls.serve("good.example", trusted.issue(["good.example"], 30));
    expect(facts(await probe("good.example"))).toMatchObject({ problem: null, trusted: true, coversName: true });
  });
});
