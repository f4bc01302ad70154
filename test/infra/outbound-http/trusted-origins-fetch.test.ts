import type { LookupFunction } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createGuardedFetch, type GuardedFetch } from "../../../src/infra/outbound-http/guarded-fetch.js";
import { trustedOriginsFetch } from "../../../src/infra/outbound-http/trusted-origins-fetch.js";
import { VENDOR_ADDRESS_ERROR_CODE, vendorFetch } from "../../../src/modules/integrations/vendor-fetch.js";
import { type LoopbackServer, listenOnLoopback } from "../../helpers/loopback-server.js";
import { testConfig } from "../../helpers/test-config.js";

/** Every host name resolves to the loopback address, as a DNS answer pointing there would. */
const toLoopback: LookupFunction = (_hostname, options, callback) => {
  if (options.all)
    (callback as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [
      { address: "127.0.0.1", family: 4 },
    ]);
  else callback(null, "127.0.0.1", 4);
};

describe("vendor calls: configured origins as they are, any other through the guard", () => {
  let server: LoopbackServer | undefined;
  let guard: GuardedFetch | undefined;
  afterEach(async () => {
    guard?.close();
    await server?.close();
    server = guard = undefined;
  });

  const limits = { refusalCode: VENDOR_ADDRESS_ERROR_CODE, maxBodyBytes: 1024 * 1024 };

  it("calls a configured vendor host on a private address, and refuses a user's private address untouched", async () => {
    server = await listenOnLoopback((req, res) => res.end(`answer to ${req.url}`));
    const base = `http://127.0.0.1:${server.port}`;
    guard = createGuardedFetch({ ...limits, allowPrivate: false });
    const config = testConfig({ PARLEY_TELEGRAM_API_URL: base });
    const fetch = vendorFetch(config, guard.fetch);

    expect(await (await fetch(`${base}/bot1/getMe`)).text()).toBe("answer to /bot1/getMe");
    // A Bitrix24 portal named in auth_data, or an attachment URL an inbound webhook carried.
    for (const url of [
      `http://localhost:${server.port}/rest/profile`,
      "http://169.254.169.254/latest/meta-data",
    ]) {
      const refused = await fetch(url).catch((error: unknown) => error);
      expect((refused as { code?: string }).code, url).toBe(VENDOR_ADDRESS_ERROR_CODE);
    }
    expect(server.seen).toEqual(["GET /bot1/getMe"]);
  });

  it("follows a GET's redirects through the guard, each hop checked, at most five", async () => {
    server = await listenOnLoopback((req, res) => {
      const hop = Number(new URL(req.url ?? "/", "http://x").searchParams.get("hop") ?? 0);
      if (req.url?.startsWith("/loop"))
        return void res.writeHead(302, { location: `/loop?hop=${hop + 1}` }).end();
      if (req.url === "/file") return void res.writeHead(301, { location: "/cdn/file.jpg" }).end();
      res.end("bytes");
    });
    guard = createGuardedFetch({ ...limits, allowPrivate: true, lookup: toLoopback });
    const fetch = trustedOriginsFetch({ trusted: [], guarded: guard.fetch });
    const file = await fetch(`http://files.example:${server.port}/file`);
    expect(await file.text()).toBe("bytes");
    expect(server.seen).toEqual(["GET /file", "GET /cdn/file.jpg"]);
    await expect(fetch(`http://files.example:${server.port}/loop`)).rejects.toThrow(/more than 5 redirects/);

    // A redirect from a public address to a private one is refused at the hop.
    const strict = createGuardedFetch({ ...limits, allowPrivate: false });
    try {
      const toPrivate = trustedOriginsFetch({
        trusted: [],
        guarded: async (input, init) =>
          String(input).startsWith("https://cdn.example/")
            ? new Response(null, { status: 302, headers: { location: `http://127.0.0.1:${server!.port}/` } })
            : strict.fetch(input, init),
      });
      const refused = await toPrivate("https://cdn.example/a.jpg").catch((error: unknown) => error);
      expect((refused as { code?: string }).code).toBe(VENDOR_ADDRESS_ERROR_CODE);
    } finally {
      strict.close();
    }
  });
});
