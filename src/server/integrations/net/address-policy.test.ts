import { describe, expect, it } from "vitest";
import { checkTarget, classifyAddress, networkPolicy, parseAllowances, parsePorts, PUBLIC_WEB, refusalMessage, type AddressKind, type Target } from "./address-policy.ts";

describe("classifyAddress", () => {
  const cases: [string, AddressKind][] = [
    ["8.8.8.8", "public"], ["1.1.1.1", "public"], ["172.32.0.1", "public"], ["100.128.0.1", "public"],
    ["127.0.0.1", "loopback"], ["127.255.255.254", "loopback"],
    ["10.0.0.5", "private"], ["172.16.0.1", "private"], ["172.31.255.255", "private"], ["192.168.1.10", "private"],
    ["100.64.0.1", "private"], ["100.127.255.255", "private"],
    ["169.254.169.254", "link-local"],
    ["0.0.0.0", "reserved"], ["0.1.2.3", "reserved"], ["224.0.0.1", "reserved"], ["255.255.255.255", "reserved"],
    ["192.0.2.1", "reserved"], ["198.18.0.1", "reserved"], ["203.0.113.9", "reserved"],
    ["2606:4700:4700::1111", "public"], ["2a00:1450:4001:80e::200e", "public"],
    ["::1", "loopback"], ["0:0:0:0:0:0:0:1", "loopback"], ["::", "reserved"],
    ["fc00::1", "private"], ["fd12:3456:789a::1", "private"],
    ["fe80::1", "link-local"], ["fe80::1%eth0", "link-local"], ["febf::1", "link-local"],
    ["ff02::1", "reserved"], ["2001:db8::1", "reserved"], ["2001:0:4136:e378::1", "reserved"], ["100::1", "reserved"],
    ["4000::1", "reserved"],
    // IPv6 forms that carry an IPv4 address are what that address is.
    ["::ffff:127.0.0.1", "loopback"], ["::ffff:7f00:1", "loopback"], ["0:0:0:0:0:ffff:a00:5", "private"],
    ["::ffff:169.254.169.254", "link-local"], ["::ffff:8.8.8.8", "public"], ["::127.0.0.1", "loopback"],
    ["64:ff9b::10.0.0.1", "private"], ["64:ff9b::808:808", "public"], ["2002:7f00:1::", "loopback"], ["2002:0808:0808::1", "public"],
    ["not an address", "reserved"],
  ];
  it.each(cases)("%s is %s", (address, kind) => {
    expect(classifyAddress(address)).toBe(kind);
  });
});

describe("checkTarget", () => {
  const at = (address: string, port: number, host = address): Target => ({ host, port, address });
  const verdict = (policy: string, target: Target) => {
    const v = checkTarget(networkPolicy(policy), target);
    return v.allowed ? (v.listed ? "listed" : "allowed") : `refused:${v.reason}`;
  };

  it("allows public addresses on the usual web ports only, and nothing else unless the operator lists it", () => {
    expect([80, 443, 8080, 8443, 22, 25, 5432, 6379].map((port) => verdict("none", at("8.8.8.8", port)))).toEqual([
      "allowed", "allowed", "allowed", "allowed", "refused:port", "refused:port", "refused:port", "refused:port",
    ]);
    expect(["127.0.0.1", "10.0.0.5", "192.168.1.10", "::1", "fd00::1", "::ffff:127.0.0.1"].map((a) => verdict("none", at(a, 443))))
      .toEqual(Array(6).fill("refused:address"));
  });

  it("keeps the keywords: loopback and private addresses on the usual web ports, never another port", () => {
    expect(verdict("loopback", at("127.0.0.1", 8080))).toBe("listed");
    expect(verdict("loopback", at("127.0.0.1", 5432))).toBe("refused:address");
    expect(verdict("loopback", at("10.0.0.5", 443))).toBe("refused:address");
    expect(verdict("private", at("10.0.0.5", 443))).toBe("listed");
    expect(verdict("private", at("10.0.0.5", 6379))).toBe("refused:address");
  });

  it("allows exactly the listed host:port and CIDR:port pairs", () => {
    const policy = "127.0.0.1:9000, 10.1.0.0/16:8000, [fd00::/8]:7000, hooks.internal:5000, 192.168.5.5:*";
    expect(verdict(policy, at("127.0.0.1", 9000))).toBe("listed");
    expect(verdict(policy, at("::ffff:127.0.0.1", 9000))).toBe("listed");
    expect(verdict(policy, at("127.0.0.1", 9001))).toBe("refused:address");
    expect(verdict(policy, at("127.0.0.2", 9000))).toBe("refused:address");
    expect(verdict(policy, at("10.1.200.3", 8000))).toBe("listed");
    expect(verdict(policy, at("10.2.0.1", 8000))).toBe("refused:address");
    expect(verdict(policy, at("fd12::1", 7000))).toBe("listed");
    expect(verdict(policy, at("10.9.9.9", 5000, "hooks.internal"))).toBe("listed");
    expect(verdict(policy, at("10.9.9.9", 5001, "hooks.internal"))).toBe("refused:address");
    expect(verdict(policy, at("192.168.5.5", 31337))).toBe("listed");
  });

  it("never allows link-local or reserved addresses, whatever is listed", () => {
    for (const address of ["169.254.169.254", "fe80::1", "0.0.0.0", "224.0.0.1", "::ffff:169.254.169.254"]) {
      expect(verdict("169.254.0.0/16:*, 0.0.0.0/0:*, [::/0]:*, private", at(address, 80))).toBe("refused:address");
    }
  });

  it("reads settings and names the entries it cannot read", () => {
    expect(parseAllowances("none").allowances).toEqual([]);
    expect(parseAllowances("loopback, 127.0.0.1:8080, [::1]:9000, hooks.internal:*").allowances).toHaveLength(4);
    expect(parseAllowances("all, 127.0.0.1, 127.0.0.1:0, 127.0.0.1:70000, ::1:80, 10.0.0.0/33:80, under_score:80").invalid)
      .toEqual(["all", "127.0.0.1", "127.0.0.1:0", "127.0.0.1:70000", "::1:80", "10.0.0.0/33:80", "under_score:80"]);
    expect(parsePorts("443, 80, 9000")).toEqual({ ports: new Set([443, 80, 9000]), invalid: [] });
    expect(parsePorts("*").ports).toBe("any");
    expect(parsePorts("443, 0, x").invalid).toEqual(["0", "x"]);
  });
});

describe("refusalMessage", () => {
  it("names what the address is and why it is refused, quoting only an address typed as such", () => {
    const refuse = (target: Target, literal: boolean) => {
      const v = checkTarget(PUBLIC_WEB, target);
      if (v.allowed) throw new Error("expected a refusal");
      return refusalMessage(v, target, PUBLIC_WEB, { subject: "Webhook address", literal });
    };
    expect(refuse({ host: "h", port: 443, address: "10.0.0.5" }, false))
      .toBe("Webhook address resolves to a private network address; this server does not send to private addresses unless its operator allows that address and port");
    expect(refuse({ host: "10.0.0.5", port: 443, address: "10.0.0.5" }, true))
      .toBe("Webhook address is a private network address (10.0.0.5 port 443); this server does not send to private addresses unless its operator allows that address and port");
    expect(refuse({ host: "169.254.169.254", port: 80, address: "169.254.169.254" }, true))
      .toBe("Webhook address is a link-local address (169.254.169.254); this server never sends to link-local addresses");
    expect(refuse({ host: "example.com", port: 22, address: "8.8.8.8" }, false))
      .toBe("Webhook address uses port 22; this server sends only to ports 80, 443, 8080 and 8443 unless its operator allows another");
  });
});
