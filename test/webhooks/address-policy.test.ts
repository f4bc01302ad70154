import type { LookupAddress, LookupOptions } from "node:dns";
import type { LookupFunction } from "node:net";
import { describe, expect, it } from "vitest";
import {
  isForbiddenAddress,
  validateWebhookUrl,
} from "../../src/modules/webhooks/delivery/address-policy.js";
import {
  createSafeLookup,
  WEBHOOK_ADDRESS_ERROR_CODE,
} from "../../src/modules/webhooks/delivery/safe-lookup.js";

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

describe("validateWebhookUrl", () => {
  it("accepts http and https URLs with host names, any port", () => {
    for (const url of [
      "https://hooks.example.com/parley",
      "http://hooks.example.com:8080/a?b=c",
      "https://8.8.8.8/x",
      "https://[2606:4700:4700::1111]:8443/",
      "http://localhost:3000/", // a name: checked when connecting
    ]) {
      const result = validateWebhookUrl(url, false);
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
      expect(validateWebhookUrl(url, true).ok, url).toBe(false);
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
      const refused = validateWebhookUrl(url, false);
      expect(refused.ok, url).toBe(false);
      if (!refused.ok) expect(refused.reason).toMatch(/PARLEY_WEBHOOKS_ALLOW_PRIVATE/);
      expect(validateWebhookUrl(url, true).ok, url).toBe(true);
    }
  });
});

describe("createSafeLookup", () => {
  type Answer = LookupAddress[] | Error;
  function fakeResolver(answers: Record<string, Answer>, seen: LookupOptions[] = []): LookupFunction {
    return (hostname, options, callback) => {
      seen.push(options);
      const answer = answers[hostname];
      setImmediate(() => {
        if (answer === undefined) callback(Object.assign(new Error("ENOTFOUND"), { code: "ENOTFOUND" }), []);
        else if (answer instanceof Error) callback(answer, []);
        else if (options.all) callback(null, answer);
        else callback(null, answer[0]!.address, answer[0]!.family);
      });
    };
  }
  function run(lookup: LookupFunction, hostname: string, options: LookupOptions) {
    return new Promise<{ err: NodeJS.ErrnoException | null; address: unknown; family: unknown }>((resolve) =>
      lookup(hostname, options, (err, address, family) => resolve({ err, address, family })),
    );
  }
  const answers: Record<string, Answer> = {
    "public.test": [
      { address: "93.184.216.34", family: 4 },
      { address: "2606:2800:220:1:248:1893:25c8:1946", family: 6 },
    ],
    "rebind.test": [
      { address: "93.184.216.34", family: 4 },
      { address: "127.0.0.1", family: 4 },
    ],
    "mapped.test": [{ address: "::ffff:169.254.169.254", family: 6 }],
    "broken.test": Object.assign(new Error("boom"), { code: "ESERVFAIL" }),
    "empty.test": [],
  };

  it("answers a single address or all of them, as asked, always resolving all underneath", async () => {
    const seen: LookupOptions[] = [];
    const lookup = createSafeLookup({ allowPrivate: false, lookup: fakeResolver(answers, seen) });
    const single = await run(lookup, "public.test", { family: 0 });
    expect(single).toEqual({ err: null, address: "93.184.216.34", family: 4 });
    const all = await run(lookup, "public.test", { all: true });
    expect(all.err).toBeNull();
    expect(all.address).toEqual(answers["public.test"]);
    expect(seen.every((o) => o.all === true)).toBe(true);
    expect(seen[0]?.family).toBe(0);
  });

  it("refuses when any resolved address is forbidden, with code EWEBHOOKADDRESS", async () => {
    const lookup = createSafeLookup({ allowPrivate: false, lookup: fakeResolver(answers) });
    for (const all of [false, true]) {
      for (const host of ["rebind.test", "mapped.test"]) {
        const { err } = await run(lookup, host, { all });
        expect(err?.code, host).toBe(WEBHOOK_ADDRESS_ERROR_CODE);
        expect(err?.message).toContain(host);
      }
    }
  });

  it("lets private answers through when allowed", async () => {
    const lookup = createSafeLookup({ allowPrivate: true, lookup: fakeResolver(answers) });
    expect(await run(lookup, "rebind.test", { all: false })).toEqual({
      err: null,
      address: "93.184.216.34",
      family: 4,
    });
  });

  it("passes resolver errors on and treats an empty answer as not found", async () => {
    const lookup = createSafeLookup({ allowPrivate: false, lookup: fakeResolver(answers) });
    expect((await run(lookup, "broken.test", {})).err?.code).toBe("ESERVFAIL");
    expect((await run(lookup, "empty.test", {})).err?.code).toBe("ENOTFOUND");
    expect((await run(lookup, "missing.test", { all: true })).err?.code).toBe("ENOTFOUND");
  });

  it("copes with a resolver that ignores `all` or throws", async () => {
    const ignoresAll: LookupFunction = (_host, _options, callback) => callback(null, "10.0.0.1", 4);
    const strict = createSafeLookup({ allowPrivate: false, lookup: ignoresAll });
    expect((await run(strict, "x.test", { all: true })).err?.code).toBe(WEBHOOK_ADDRESS_ERROR_CODE);
    const loose = createSafeLookup({ allowPrivate: true, lookup: ignoresAll });
    expect((await run(loose, "x.test", { all: true })).address).toEqual([{ address: "10.0.0.1", family: 4 }]);
    const throws: LookupFunction = () => {
      throw new TypeError("bad hostname");
    };
    const guarded = createSafeLookup({ allowPrivate: false, lookup: throws });
    expect((await run(guarded, "x.test", {})).err?.message).toBe("bad hostname");
  });

  it("refuses localhost through the real resolver", async () => {
    const lookup = createSafeLookup({ allowPrivate: false });
    for (const all of [false, true]) {
      const { err } = await run(lookup, "localhost", { all });
      expect(err?.code).toBe(WEBHOOK_ADDRESS_ERROR_CODE);
    }
  });
});
