import { describe, expect, it } from "vitest";
import { isForbiddenAddress, validateOutboundUrl } from "../../../src/infra/outbound-http/address-policy.js";

describe("isForbiddenAddress", () => {
  const forbidden = [
    // IPv4
    ["0.0.0.0", "unspecified"],
    ["0.1.2.3", "this network"],
    ["127.0.0.1", "loopback"],
    ["127.255.255.254", "loopback"],
    ["10.0.0.1", "private"],
    ["10.255.255.255", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.168.1.1", "private"],
    ["169.254.169.254", "cloud metadata"],
    ["169.254.0.1", "link-local"],
    ["100.64.0.1", "CGNAT"],
    ["100.127.255.255", "CGNAT"],
    ["192.0.0.170", "NAT64 discovery"],
    ["192.0.2.10", "documentation"],
    ["198.51.100.7", "documentation"],
    ["203.0.113.9", "documentation"],
    ["198.18.0.1", "benchmarking"],
    ["198.19.255.255", "benchmarking"],
    ["224.0.0.1", "multicast"],
    ["239.255.255.250", "multicast"],
    ["240.0.0.1", "reserved"],
    ["255.255.255.255", "broadcast"],
    // IPv6
    ["::", "unspecified"],
    ["::1", "loopback"],
    ["0:0:0:0:0:0:0:1", "loopback, long form"],
    ["fc00::1", "unique local"],
    ["fd00:ec2::254", "AWS metadata over IPv6"],
    ["fe80::1", "link-local"],
    ["fe80::1%eth0", "link-local with a zone"],
    ["febf:ffff::1", "link-local, top of fe80::/10"],
    ["fec0::1", "site-local"],
    ["ff02::1", "multicast"],
    ["::ffff:127.0.0.1", "IPv4-mapped loopback"],
    ["::ffff:7f00:1", "IPv4-mapped loopback, hex"],
    ["::FFFF:7F00:0001", "IPv4-mapped loopback, upper case"],
    ["0:0:0:0:0:ffff:a9fe:a9fe", "IPv4-mapped metadata, long hex"],
    ["::ffff:10.1.2.3", "IPv4-mapped private"],
    ["::ffff:0.0.0.0", "IPv4-mapped unspecified"],
    ["::127.0.0.1", "IPv4-compatible"],
    ["::8.8.8.8", "IPv4-compatible (deprecated, refused as a whole)"],
    ["::ffff:0:808:808", "IPv4-translated (SIIT)"],
    ["64:ff9b::127.0.0.1", "NAT64 of loopback"],
    ["64:ff9b::a9fe:a9fe", "NAT64 of metadata"],
    ["64:ff9b:1::8.8.8.8", "local-use NAT64"],
    ["2002:7f00:1::", "6to4 of loopback"],
    ["2002:c0a8:101::1", "6to4 of 192.168.1.1"],
    ["2001::1", "Teredo"],
    ["2001:db8::1", "documentation"],
    ["3fff::1", "documentation"],
    ["100::1", "discard-only"],
    ["4000::1", "outside global unicast"],
    // not an address at all: fail closed
    ["", "empty"],
    ["localhost", "a name"],
    ["127.1", "short IPv4"],
    ["0x7f.0.0.1", "hex IPv4"],
    ["2130706433", "decimal IPv4"],
    ["127.0.0.01", "leading zero"],
    ["1::2::3", "two ::"],
    ["[::1]", "bracketed"],
  ] as const;

  it.each(forbidden)("refuses %s (%s)", (ip) => {
    expect(isForbiddenAddress(ip)).toBe(true);
  });

  const allowed = [
    ["8.8.8.8", "public IPv4"],
    ["1.1.1.1", "public IPv4"],
    ["93.184.216.34", "public IPv4"],
    ["172.15.255.255", "just below 172.16/12"],
    ["172.32.0.1", "just above 172.16/12"],
    ["100.63.255.255", "just below CGNAT"],
    ["100.128.0.1", "just above CGNAT"],
    ["169.253.255.255", "just below link-local"],
    ["198.17.255.255", "just below benchmarking"],
    ["223.255.255.255", "just below multicast"],
    ["2606:4700:4700::1111", "public IPv6"],
    ["2a00:1450:4001:80b::200e", "public IPv6"],
    ["::ffff:8.8.8.8", "IPv4-mapped public"],
    ["::ffff:808:808", "IPv4-mapped public, hex"],
    ["64:ff9b::8.8.8.8", "NAT64 of a public address"],
    ["2002:808:808::1", "6to4 of a public address"],
  ] as const;

  it.each(allowed)("allows %s (%s)", (ip) => {
    expect(isForbiddenAddress(ip)).toBe(false);
  });
});

describe("validateOutboundUrl", () => {
  it("accepts http and https URLs with host names, any port", () => {
    for (const url of [
      "https://hooks.example.com/parley",
      "http://hooks.example.com:8080/a?b=c",
      "https://8.8.8.8/x",
      "https://[2606:4700:4700::1111]:8443/",
      "http://localhost:3000/", // a name: checked when connecting
    ]) {
      const result = validateOutboundUrl(url, false);
      expect(result.ok, url).toBe(true);
      if (result.ok) expect(result.url.href).toBe(new URL(url).href);
    }
  });

  it("refuses other schemes, credentials, bad URLs and missing hosts", () => {
    for (const url of [
      "ftp://example.com/",
      "file:///etc/passwd",
      "javascript:alert(1)",
      "gopher://example.com/",
      "https://user:pass@example.com/",
      "https://user@example.com/",
      "not a url",
      "https://",
      "",
    ]) {
      expect(validateOutboundUrl(url, true).ok, url).toBe(false);
    }
  });

  it("refuses forbidden IP literals in every spelling unless private targets are allowed", () => {
    for (const url of [
      "http://127.0.0.1:8080/",
      "http://127.1/",
      "http://0x7f.0.0.1/",
      "http://2130706433/",
      "http://0177.0.0.1/",
      "http://0/",
      "http://169.254.169.254/latest/meta-data/",
      "http://10.0.0.5/",
      "http://[::1]/",
      "http://[::ffff:127.0.0.1]/",
      "http://[::ffff:7f00:1]/",
      "http://[fd00:ec2::254]/",
      "http://[fe80::1]/",
      "http://[64:ff9b::a9fe:a9fe]/",
    ]) {
      const refused = validateOutboundUrl(url, false);
      expect(refused.ok, url).toBe(false);
      if (!refused.ok) expect(refused.reason).toMatch(/PARLEY_WEBHOOKS_ALLOW_PRIVATE/);
      expect(validateOutboundUrl(url, true).ok, url).toBe(true);
    }
  });
});
