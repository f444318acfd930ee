import { describe, expect, it } from "vitest";
import { classifyAddress, kindAllowed, refusalMessage, type AddressKind } from "./address-policy.ts";

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

describe("kindAllowed", () => {
  it("lets loopback through from 'loopback' on, private networks only with 'private', and never link-local or reserved", () => {
    const table = (["public", "loopback", "private", "link-local", "reserved"] as const).map((kind) =>
      [kind, kindAllowed(kind, "none"), kindAllowed(kind, "loopback"), kindAllowed(kind, "private")]);
    expect(table).toEqual([
      ["public", true, true, true],
      ["loopback", false, true, true],
      ["private", false, false, true],
      ["link-local", false, false, false],
      ["reserved", false, false, false],
    ]);
  });
});

describe("refusalMessage", () => {
  it("names the address, what it is and why it is refused", () => {
    expect(refusalMessage("10.0.0.5", "private", false))
      .toBe("Webhook address resolves to a private network address (10.0.0.5); this server does not send to private addresses");
    expect(refusalMessage("169.254.169.254", "link-local", true))
      .toBe("Webhook address is a link-local address (169.254.169.254); this server never sends to link-local addresses");
  });
});
