import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS, shouldSkip } from "../helpers/dialects.js";
import { garbage, HOOK_VENDORS } from "../helpers/fuzz-requests.js";
import { seededRandom } from "../helpers/seeded-random.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";

for (const dialect of DIALECTS) {
  describe.skipIf(shouldSkip(dialect))(
    `the public endpoints answer strangers without a 5xx (${dialect})`,
    () => {
      let t: TestApp;
      const ids: string[] = ["int_missing", `int_${"x".repeat(300)}`, "%00", "..%2F..%2Fetc"];

      beforeAll(async () => {
        t = await createTestApp({ dialect });
        for (const vendor of ["telegram", "vk", "whatsapp", "facebook", "instagram", "avito"]) {
          const auth: Record<string, Record<string, unknown>> = {
            telegram: { token: "1:abc", webhook_secret: "secret_1" },
            vk: { access_token: "vk", group_id: 1, secret: "s", confirmation_code: "c" },
            whatsapp: { access_token: "t", phone_number_id: "1", app_secret: "s", verify_token: "v" },
            facebook: { access_token: "t", app_secret: "s", verify_token: "v" },
            instagram: { access_token: "t", app_secret: "s", verify_token: "v" },
            avito: { client_id: "c", client_secret: "s" },
          };
          const created = await t.call("POST", "/v1/integrations", {
            body: { name: vendor, vendor, auth_data: auth[vendor] },
          });
          ids.push(created.json().id);
        }
      });
      afterAll(async () => {
        await t?.close();
      });

      it("vendor hooks, payment notifications and media links: 2xx/4xx only, nothing stored", async () => {
        const random = seededRandom(11);
        let requests = 0;
        for (let i = 0; i < 600; i += 1) {
          const vendor = HOOK_VENDORS[Math.floor(random() * HOOK_VENDORS.length)] ?? "telegram";
          const id = ids[Math.floor(random() * ids.length)] ?? "int_missing";
          const { body, contentType } = garbage(random);
          const target = [
            { method: "POST" as const, url: `/hooks/${vendor}/${id}?token=${i}&hub.mode=subscribe` },
            {
              method: "GET" as const,
              url: `/hooks/${vendor}/${id}?hub.mode=subscribe&hub.verify_token=v&hub.challenge=${i}`,
            },
            { method: "POST" as const, url: `/payments/${["tbank", "manual", "x"][i % 3]}/notify` },
            { method: "GET" as const, url: `/payments/manual/${id}` },
            { method: "GET" as const, url: `/media/${id}/QUJD?sig=${"A".repeat(i % 50)}` },
          ][i % 5];
          if (!target) continue;
          const response = await t.app.inject({
            method: target.method,
            url: target.url,
            headers: {
              "content-type": contentType,
              "x-telegram-bot-api-secret-token": i % 2 ? "secret_1" : "wrong",
              "x-hub-signature-256": "sha256=00",
            },
            ...(target.method === "POST" ? { payload: body } : {}),
          });
          requests += 1;
          expect(response.statusCode, `${target.method} ${target.url} ${body.slice(0, 60)}`).toBeLessThan(
            500,
          );
        }
        expect(requests).toBe(600);
        const stored = await t.storage.db.selectFrom("messages").select("id").execute();
        expect(stored).toEqual([]);
      });
    },
  );
}
