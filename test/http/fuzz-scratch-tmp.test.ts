import { describe, expect, it } from "vitest";
import { DIALECTS, shouldSkip } from "../helpers/dialects.js";
import { createTestApp } from "../helpers/test-app.js";

for (const dialect of DIALECTS)
  describe.skipIf(shouldSkip(dialect))(dialect, () => {
    it("webhook cursor", async () => {
      const t = await createTestApp({ dialect, env: { PARLEY_WEBHOOKS_ALLOW_PRIVATE: "true" } });
      const ep = (
        await t.call("POST", "/v1/webhook-endpoints", {
          body: { url: "http://127.0.0.1:9/x", events: ["thread.message.created"] },
        })
      ).json();
      for (const json of ['{"s":1e20}', '{"s":1e300}', '{"s":9007199254740993}', '{"s":2147483648}']) {
        const c = Buffer.from(json).toString("base64url");
        const r = await t.call("GET", `/v1/webhook-endpoints/${ep.id}/deliveries?cursor=${c}`);
        console.log(dialect, json, r.statusCode, r.body.slice(0, 200));
      }
      for (const q of ["limit=1e20", "limit=%00", "limit=-1"]) {
        const r = await t.call("GET", `/v1/webhook-endpoints/${ep.id}/deliveries?${q}`);
        console.log(dialect, q, r.statusCode, r.body.slice(0, 200));
      }
      await t.close();
    });
  });
