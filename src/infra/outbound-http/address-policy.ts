import { BlockList, isIP, isIPv4 } from "node:net";

/**
 * Which network addresses Parley may call on a user's behalf: webhook deliveries, custom tools
 * and MCP servers (docs/webhooks.md#private-addresses). Anything that is
 * not plainly a public unicast address is forbidden: loopback, private, link-local (which
 * holds the cloud metadata address 169.254.169.254), carrier-grade NAT, multicast, reserved,
 * benchmarking and documentation ranges, and the IPv6 forms that carry one of those IPv4
 * addresses inside (IPv4-mapped, NAT64, 6to4). IPv6 outside the global unicast block 2000::/3
 * is forbidden as a whole. Unparseable input is forbidden too: the policy fails closed.
 */

const FORBIDDEN_V4: ReadonlyArray<readonly [string, number]> = [
  ["0.0.0.0", 8], // "this network", includes the unspecified 0.0.0.0
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local, includes the metadata address 169.254.169.254
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments (includes the NAT64 discovery addresses)
  ["192.0.2.0", 24], // documentation TEST-NET-1
  ["192.88.99.0", 24], // deprecated 6to4 relay anycast
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation TEST-NET-2
  ["203.0.113.0", 24], // documentation TEST-NET-3
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, includes the broadcast 255.255.255.255
];

/** Special ranges inside 2000::/3; everything outside 2000::/3 is refused before this list. */
const FORBIDDEN_V6_IN_GLOBAL: ReadonlyArray<readonly [string, number]> = [
  ["2001::", 23], // IETF protocol assignments: Teredo, benchmarking, ORCHID, …
  ["2001:db8::", 32], // documentation
  ["3fff::", 20], // documentation (RFC 9637)
];

const v4Rules = new BlockList();
for (const [net, prefix] of FORBIDDEN_V4) v4Rules.addSubnet(net, prefix, "ipv4");
const v6Rules = new BlockList();
for (const [net, prefix] of FORBIDDEN_V6_IN_GLOBAL) v6Rules.addSubnet(net, prefix, "ipv6");

/** True when Parley must not call `ip` (an IPv4 or IPv6 literal, zone id allowed). */
export function isForbiddenAddress(ip: string): boolean {
  if (isIPv4(ip)) return v4Rules.check(ip, "ipv4");
  const zoneless = stripZone(ip);
  if (isIP(zoneless) !== 6) return true;
  const bytes = parseIPv6(zoneless);
  if (!bytes) return true;

  const embedded = embeddedIPv4(bytes);
  if (embedded !== null) return v4Rules.check(embedded, "ipv4");
  // Only 2000::/3 is global unicast; the rest is loopback, unspecified, IPv4-compatible,
  // discard-only, unique-local (fc00::/7, home of fd00:ec2::254), link-local, site-local,
  // multicast or unassigned.
  if ((bytes[0]! & 0xe0) !== 0x20) return true;
  return v6Rules.check(zoneless, "ipv6");
}

/** How a refusal names what was refused, after the address; every caller's message ends so. */
export const FORBIDDEN_ADDRESS =
  "a private, loopback, link-local or reserved address (allowed only with PARLEY_WEBHOOKS_ALLOW_PRIVATE=true)";

export type OutboundUrlCheck = { ok: true; url: URL } | { ok: false; reason: string };

/**
 * Check of a URL Parley is to call, when it is saved and again before each call. Host names
 * pass here: what they resolve to is checked when the connection is made (see safe-lookup.ts),
 * since an answer seen now may change. `allowPrivate` is PARLEY_WEBHOOKS_ALLOW_PRIVATE.
 */
export function validateOutboundUrl(url: string, allowPrivate: boolean): OutboundUrlCheck {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, reason: "not a valid URL" };
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
    return { ok: false, reason: "only http and https URLs are allowed" };
  }
  if (parsed.username !== "" || parsed.password !== "") {
    return { ok: false, reason: "credentials in the URL are not allowed" };
  }
  const host = hostnameOf(parsed);
  if (host === "") return { ok: false, reason: "the URL has no host" };
  if (!allowPrivate && isIP(host) !== 0 && isForbiddenAddress(host)) {
    return { ok: false, reason: `${host} is ${FORBIDDEN_ADDRESS}` };
  }
  return { ok: true, url: parsed };
}

/**
 * The host of a parsed URL as a connection would use it: IPv6 literals without brackets.
 * The WHATWG parser has already turned IPv4 spellings like `0x7f.1` or `2130706433` into
 * dotted decimal, so an IP literal is always recognisable by `isIP` here.
 */
export function hostnameOf(url: URL): string {
  const host = url.hostname;
  return host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
}

function stripZone(ip: string): string {
  const percent = ip.indexOf("%");
  return percent === -1 ? ip : ip.slice(0, percent);
}

/** The IPv4 address carried by an IPv4-mapped, NAT64 (well-known prefix) or 6to4 address. */
function embeddedIPv4(b: Uint8Array): string | null {
  const zeros = (from: number, to: number) => b.subarray(from, to).every((x) => x === 0);
  const v4 = (at: number) => `${b[at]}.${b[at + 1]}.${b[at + 2]}.${b[at + 3]}`;
  // ::ffff:0:0/96, IPv4-mapped
  if (zeros(0, 10) && b[10] === 0xff && b[11] === 0xff) return v4(12);
  // 64:ff9b::/96, NAT64 well-known prefix
  if (b[0] === 0x00 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && zeros(4, 12)) return v4(12);
  // 2002::/16, 6to4
  if (b[0] === 0x20 && b[1] === 0x02) return v4(2);
  return null;
}

/** 16 bytes of a textual IPv6 address already validated by `isIP`, or null. */
function parseIPv6(text: string): Uint8Array | null {
  let head = text;
  const tail: number[] = [];
  const lastColon = head.lastIndexOf(":");
  const last = head.slice(lastColon + 1);
  if (last.includes(".")) {
    if (!isIPv4(last)) return null;
    const [a, b, c, d] = last.split(".").map(Number) as [number, number, number, number];
    tail.push((a << 8) | b, (c << 8) | d);
    head = head.slice(0, lastColon + 1);
    // "::1.2.3.4" leaves "::" and "ffff::1.2.3.4" leaves "ffff::"; "64:ff9b::1.2.3.4" too.
    if (head.endsWith(":") && !head.endsWith("::")) head = head.slice(0, -1);
  }
  const halves = head.split("::");
  if (halves.length > 2) return null;
  const groups = (part: string | undefined) =>
    part ? part.split(":").map((g) => Number.parseInt(g, 16)) : [];
  const left = groups(halves[0]);
  const right = [...groups(halves[1]), ...tail];
  const gap = 8 - left.length - right.length;
  if (halves.length === 2 && gap < 1) return null;
  const words =
    halves.length === 2 ? [...left, ...new Array<number>(gap).fill(0), ...right] : [...left, ...tail];
  if (words.length !== 8 || words.some((w) => !Number.isInteger(w) || w < 0 || w > 0xffff)) return null;
  const bytes = new Uint8Array(16);
  words.forEach((w, i) => {
    bytes[i * 2] = w >> 8;
    bytes[i * 2 + 1] = w & 0xff;
  });
  return bytes;
}
