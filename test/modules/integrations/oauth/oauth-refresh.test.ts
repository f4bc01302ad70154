import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually } from "../../../helpers/conversation-fixtures.js";
import { DIALECTS, shouldSkip, type TestDialect } from "../../../helpers/dialects.js";
import { ManualClock } from "../../../helpers/manual-clock.js";
import { createTestApp, type TestApp } from "../../../helpers/test-app.js";
import { OAuthVendorsFake } from "./fakes/oauth-vendors-fake.js";
import {
  authLostEvents,
  connectByOAuth,
  PUBLIC_URL,
  reconnect,
  refreshJobsOf,
  tokensOf,
} from "./oauth-helpers.js";

const MINUTE = 60_000;

/**
 * Staying connected (docs/oauth.md): the refresh job runs before the token expires, `oauth()`
 * refreshes a token about to expire, a refused refresh moves the integration to `error` with one
 * `integration.auth_lost`, and a vendor that is down is retried. Time is a ManualClock the
 * job worker reads too.
 */
function refreshSuite(dialect: TestDialect) {
  describe.skipIf(shouldSkip(dialect))(`OAuth refresh (${dialect})`, () => {
    let fake: OAuthVendorsFake;
    let t: TestApp;
    const clock = new ManualClock();

    beforeAll(async () => {
      fake = await OAuthVendorsFake.start();
      t = await createTestApp({
        dialect,
        clock,
        env: { ...fake.env, PARLEY_PUBLIC_URL: PUBLIC_URL, PARLEY_WEBHOOKS_ALLOW_PRIVATE: "true" },
      });
      // A subscriber, so that integration.auth_lost events are recorded.
      const endpoint = await t.call("POST", "/v1/webhook-endpoints", {
        body: { url: "http://127.0.0.1:9/hooks" },
      });
      expect(endpoint.statusCode).toBe(200);
    });

    afterAll(async () => {
      await t?.close();
      await fake?.close();
    });

    const profileOf = (id: string) => t.call("GET", `/v1/integrations/${id}/profile`);

    it("Bitrix24: the job refreshes 10 minutes before the hour is up, stores the new pair and schedules the next", async () => {
      const id = await connectByOAuth(t, fake, "bitrix24");
      const connectedAt = clock.now().getTime();
      const first = await tokensOf(t, id);
      expect(Date.parse(first.expires_at ?? "")).toBe(connectedAt + 3600 * 1000);
      const [job] = await refreshJobsOf(t, id);
      expect(job).toMatchObject({ status: "pending" });
      expect(Date.parse(job?.run_at ?? "")).toBe(connectedAt + 50 * MINUTE);
      expect(JSON.parse(job?.payload ?? "{}")).toMatchObject({ integrationId: id, version: 1 });

      clock.advance(50 * MINUTE);
      const refreshed = await eventually(
        () => tokensOf(t, id),
        (row) => row.version === 2,
      );
      expect(refreshed.version).toBe(2);
      expect(fake.refreshCount("bitrix24")).toBe(1);
      expect(Date.parse(refreshed.expires_at ?? "")).toBe(clock.now().getTime() + 3600 * 1000);
      // The job is marked done just after it stored the pair.
      const jobs = await eventually(
        () => refreshJobsOf(t, id),
        (list) => list[0]?.status === "done",
      );
      expect(jobs.map((j) => [j.status, JSON.parse(j.payload).version])).toEqual([
        ["done", 1],
        ["pending", 2],
      ]);
      // The old pair is dead at Bitrix24; the profile works with the new one.
      const profile = await profileOf(id);
      expect(profile.statusCode).toBe(200);
      expect(profile.json().name).toBe("Anna Petrova");
      expect((await t.call("GET", `/v1/integrations/${id}`)).json().status).toBe("active");
    });

    it("GitHub OAuth-app tokens do not expire: nothing is scheduled", async () => {
      const id = await connectByOAuth(t, fake, "github");
      expect((await tokensOf(t, id)).expires_at).toBeNull();
      expect(await refreshJobsOf(t, id)).toEqual([]);
    });

    it("on demand: a token with less than a minute left is refreshed first, and Google's kept refresh token works again", async () => {
      const id = await connectByOAuth(t, fake, "google");
      // As if the job had not run (a worker-less deployment moment): only oauth() is left.
      await t.storage.db
        .deleteFrom("jobs")
        .where("type", "=", "oauth.refresh")
        .where("payload", "like", `%${id}%`)
        .execute();
      const before = fake.refreshCount("google");

      clock.advance(3599 * 1000 - 30_000);
      const profile = await profileOf(id);
      expect(profile.statusCode).toBe(200);
      expect(fake.refreshCount("google")).toBe(before + 1);
      const after = await tokensOf(t, id);
      expect(after.version).toBe(2);

      // Google answered without a new refresh token: the stored one is kept and used again.
      await t.storage.db
        .deleteFrom("jobs")
        .where("type", "=", "oauth.refresh")
        .where("payload", "like", `%${id}%`)
        .execute();
      clock.advance(3599 * 1000 - 30_000);
      expect((await profileOf(id)).statusCode).toBe(200);
      expect(fake.refreshCount("google")).toBe(before + 2);
      const last = fake.tokenRequests.filter((r) => r.vendor === "google" && r.grantType === "refresh_token");
      expect(last.at(-1)?.params.refresh_token).toBe(last.at(-2)?.params.refresh_token);
    });

    it("a refused refresh moves the integration to error with exactly one auth_lost; connecting again restores it", async () => {
      const id = await connectByOAuth(t, fake, "google");
      const bot = (await t.call("POST", "/v1/bots", { body: { name: "Scheduler" } })).json();
      const chat = (
        await t.call("POST", `/v1/integrations/${id}/chats`, { body: { bot_id: bot.id, name: "calendar" } })
      ).json();
      expect(
        (
          await t.call("POST", `/v1/integrations/${id}/chats/${chat.id}/status`, {
            body: { status: "active" },
          })
        ).statusCode,
      ).toBe(200);
      const chatStatus = async () => (await t.call("GET", `/v1/chats/${chat.id}`)).json().status;
      fake.refuseRefresh.add("google");
      try {
        clock.advance(3599 * 1000 - 10 * MINUTE);
        const failed = await eventually(
          async () => (await t.call("GET", `/v1/integrations/${id}`)).json(),
          (body) => body.status === "error",
        );
        expect(failed.status).toBe("error");
        expect((await tokensOf(t, id)).lost_reason).toContain("invalid_grant");
        expect(await authLostEvents(t, id)).toBe(1);
        expect(await chatStatus()).toBe("error");

        // Using it afterwards reports the loss without asking Google again or raising a second event.
        const refreshes = fake.refreshCount("google");
        const profile = await profileOf(id);
        expect(profile.statusCode).toBe(422);
        expect(profile.json().code).toBe("credentials_rejected");
        expect(await profileOf(id).then((r) => r.statusCode)).toBe(422);
        expect(fake.refreshCount("google")).toBe(refreshes);
        expect(await authLostEvents(t, id)).toBe(1);
      } finally {
        fake.refuseRefresh.delete("google");
      }

      await reconnect(t, fake, id);
      const restored = (await t.call("GET", `/v1/integrations/${id}`)).json();
      expect(restored.status).toBe("active");
      expect(await chatStatus()).toBe("active");
      expect(await tokensOf(t, id)).toMatchObject({ lost_reason: null, version: 2 });
      expect((await profileOf(id)).statusCode).toBe(200);
    });

    it("a vendor that is down is retried until the refresh succeeds, without losing the connection", async () => {
      const id = await connectByOAuth(t, fake, "yandex");
      const [job] = await refreshJobsOf(t, id);
      fake.failNext.set("yandex", 2);
      clock.advance(Date.parse(job?.run_at ?? "") - clock.now().getTime());
      const refreshed = await eventually(
        async () => {
          clock.advance(5_000);
          return tokensOf(t, id);
        },
        (row) => row.version === 2,
        10_000,
      );
      expect(refreshed.version).toBe(2);
      expect(fake.failNext.get("yandex")).toBe(0);
      expect(fake.refreshCount("yandex")).toBe(3);
      const [first] = await eventually(
        () => refreshJobsOf(t, id),
        (list) => list[0]?.status === "done",
      );
      expect(first).toMatchObject({ status: "done", attempts: 3 });
      expect((await t.call("GET", `/v1/integrations/${id}`)).json().status).toBe("active");
      expect(await authLostEvents(t, id)).toBe(0);
    });
  });
}

for (const dialect of DIALECTS) refreshSuite(dialect);
