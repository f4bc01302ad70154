import type { LookupAddress, LookupOptions } from "node:dns";
import type { LookupFunction } from "node:net";
import { describe, expect, it } from "vitest";
import { ADDRESS_REFUSED_CODE } from "../../../src/infra/outbound-http/address-refusal.js";
import { createSafeLookup } from "../../../src/infra/outbound-http/safe-lookup.js";

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

  it("refuses when any resolved address is forbidden, as an address refusal", async () => {
    const lookup = createSafeLookup({ allowPrivate: false, lookup: fakeResolver(answers) });
    for (const all of [false, true]) {
      for (const host of ["rebind.test", "mapped.test"]) {
        const { err } = await run(lookup, host, { all });
        expect(err?.code, host).toBe(ADDRESS_REFUSED_CODE);
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
    expect((await run(strict, "x.test", { all: true })).err?.code).toBe(ADDRESS_REFUSED_CODE);
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
      expect(err?.code).toBe(ADDRESS_REFUSED_CODE);
    }
  });
});
