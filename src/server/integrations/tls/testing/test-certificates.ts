/**
 * Test certificates made with openssl at test time: two certificate authorities (one the test
 * trusts through the extra CA setting, "another" it also trusts, and none for self-signed ones)
 * and leaf certificates for given names ending in a given number of days (-1: ended yesterday).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface TestCertificate {
  key: string;
  cert: string;
}

export interface TestAuthority extends TestCertificate {
  name: string;
  issue(names: string[], days: number): TestCertificate;
}

const KEY_ARGS = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"];

function inTemp<T>(work: (dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), "test-certs-"));
  try {
    return work(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const openssl = (args: string[], cwd: string) => execFileSync("openssl", args, { cwd, stdio: ["ignore", "pipe", "pipe"] });

/** A certificate authority named `name` (its certificate lasts 30 days). */
export function createAuthority(name: string): TestAuthority {
  const ca = inTemp((dir) => {
    openssl(["req", "-x509", ...KEY_ARGS, "-keyout", "ca.key", "-out", "ca.pem", "-days", "30", "-subj", `/CN=${name}/O=${name} Trust`], dir);
    return { key: readFileSync(join(dir, "ca.key"), "utf8"), cert: readFileSync(join(dir, "ca.pem"), "utf8") };
  });
  return {
    ...ca, name,
    issue: (names, days) => inTemp((dir) => {
      writeFileSync(join(dir, "ca.key"), ca.key);
      writeFileSync(join(dir, "ca.pem"), ca.cert);
      writeFileSync(join(dir, "ext"), `subjectAltName=${names.map((n) => `DNS:${n}`).join(",")}\nbasicConstraints=CA:FALSE\n`);
      openssl(["req", ...KEY_ARGS, "-keyout", "leaf.key", "-out", "leaf.csr", "-subj", `/CN=${names[0]}`], dir);
      openssl(["x509", "-req", "-in", "leaf.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-set_serial", String(Date.now()), "-days", String(days), "-extfile", "ext", "-out", "leaf.pem"], dir);
      return { key: readFileSync(join(dir, "leaf.key"), "utf8"), cert: readFileSync(join(dir, "leaf.pem"), "utf8") };
    }),
  };
}

/** A self-signed certificate for `names`. */
export function selfSigned(names: string[], days = 30): TestCertificate {
  return inTemp((dir) => {
    openssl(["req", "-x509", ...KEY_ARGS, "-keyout", "k.pem", "-out", "c.pem", "-days", String(days), "-subj", `/CN=${names[0]}`,
      "-addext", `subjectAltName=${names.map((n) => `DNS:${n}`).join(",")}`], dir);
    return { key: readFileSync(join(dir, "k.pem"), "utf8"), cert: readFileSync(join(dir, "c.pem"), "utf8") };
  });
}
