import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS, shouldSkip, type TestDialect } from "../../../helpers/dialects.js";
import { ManualClock } from "../../../helpers/manual-clock.js";
import { seededRandom } from "../../../helpers/seeded-random.js";
import { createTestApp, type TestApp } from "../../../helpers/test-app.js";
import { AMOCRM_REFERER, type FakeOAuthVendor, OAuthVendorsFake } from "./fakes/oauth-vendors-fake.js";

const PUBLIC_URL = "https://parley.test";

/**
 * The OAuth connection end to end (docs/oauth.md): Parley's start gives the vendor's consent
 * URL; the fake vendor's consent page redirects the browser back to /oauth/callback with a
 * code; the callback exchanges it, stores the tokens sealed and activates the integration;
 * the profile is read with the stored token. Then the ways a callback is refused.
 */
function oauthFlowSuite(dialect: TestDialect) {
  describe.skipIf(shouldSkip(dialect))(`OAuth connection (${dialect})`, () => {
    let fake: OAuthVendorsFake;
    let t: TestApp;
    const clock = new ManualClock();
    const logLines: string[] = [];

    beforeAll(async () => {
      fake = await OAuthVendorsFake.start();
      fake.amocrmRedirectUri = `${PUBLIC_URL}/oauth/callback`;
      t = await createTestApp({
        dialect,
        clock,
        env: {
          ...fake.env,
          ...fake.serverApp("yandex"),
          ...fake.serverApp("amocrm"),
          PARLEY_PUBLIC_URL: PUBLIC_URL,
          LOG_LEVEL: "trace",
        },
        logStream: new Writable({
          write(chunk, _encoding, done) {
            logLines.push(String(chunk));
            done();
          },
        }),
      });
    });

    afterAll(async () => {
      await t?.close();
      await fake?.close();
    });

    /** Each vendor's auth_data: its own app, or (Yandex, amoCRM) the server's. */
    const authDataOf = (vendor: FakeOAuthVendor): Record<string, string> => {
      const app = { client_id: fake.apps[vendor].clientId, client_secret: fake.apps[vendor].clientSecret };
      switch (vendor) {
        case "github":
        case "google":
          return app;
        case "yandex":
          return {};
        case "amocrm":
          return { subdomain: "acme" };
        case "bitrix24":
          return { portal: "acme.bitrix24.ru", ...app };
      }
    };

    async function createIntegration(vendor: FakeOAuthVendor, authData = authDataOf(vendor)) {
      const created = await t.call("POST", "/v1/integrations", {
        body: { name: `Acme ${vendor}`, vendor, auth_data: authData },
      });
      expect(created.statusCode).toBe(200);
      return created.json() as { id: string; status: string };
    }

    async function start(integrationId: string): Promise<string> {
      const started = await t.call("POST", `/v1/integrations/${integrationId}/oauth/start`);
      expect(started.statusCode).toBe(200);
      return started.json().url as string;
    }

    /** The browser arriving at Parley's callback. */
    const callback = (location: URL | string) => {
      const url = typeof location === "string" ? new URL(location, PUBLIC_URL) : location;
      return t.app.inject({ method: "GET", url: `${url.pathname}${url.search}` });
    };

    const tokensRow = (integrationId: string) =>
      t.storage.db
        .selectFrom("oauth_tokens")
        .selectAll()
        .where("integration_id", "=", integrationId)
        .executeTakeFirst();

    const expectedProfile = (vendor: FakeOAuthVendor) =>
      ({
        github: {
          id: "583231",
          name: "The Octocat",
          username: "octocat",
          avatar_url: "https://avatars.githubusercontent.com/u/583231?v=4",
        },
        google: {
          id: "110169484474386276334",
          name: "Ann Lee",
          username: "ann@example.com",
          avatar_url: "https://lh3.googleusercontent.com/a/fake",
        },
        yandex: {
          id: "1000034426",
          name: "Ivan",
          username: "ivan.petrov",
          avatar_url: "https://avatars.yandex.net/get-yapic/131652443/islands-200",
        },
        amocrm: { id: "30222222", name: "Acme Trading", username: "acme" },
        bitrix24: {
          id: "1",
          name: "Anna Petrova",
          username: new URL(fake.baseUrl).host,
          avatar_url: "https://cdn.bitrix24.ru/fake.png",
        },
      })[vendor];

    const consentChecks: Record<FakeOAuthVendor, (url: URL) => void> = {
      github: (url) => {
        expect(`${url.origin}${url.pathname}`).toBe(`${fake.baseUrl}/github/authorize`);
        expect(url.searchParams.get("scope")).toBe("repo");
        expect(url.searchParams.get("redirect_uri")).toBe(`${PUBLIC_URL}/oauth/callback`);
      },
      google: (url) => {
        expect(url.searchParams.get("scope")?.split(" ")).toEqual(
          expect.arrayContaining(["openid", "email", "profile", "https://www.googleapis.com/auth/calendar"]),
        );
        expect(url.searchParams.get("access_type")).toBe("offline");
        expect(url.searchParams.get("prompt")).toBe("consent");
        expect(url.searchParams.get("response_type")).toBe("code");
      },
      yandex: (url) => {
        expect(url.searchParams.get("client_id")).toBe(fake.apps.yandex.clientId);
        expect(url.searchParams.get("response_type")).toBe("code");
      },
      amocrm: (url) => {
        expect(`${url.origin}${url.pathname}`).toBe(`${fake.baseUrl}/amocrm/oauth`);
        expect(url.searchParams.get("client_id")).toBe(fake.apps.amocrm.clientId);
      },
      bitrix24: (url) => {
        expect(`${url.origin}${url.pathname}`).toBe("https://acme.bitrix24.ru/oauth/authorize/");
        expect(url.searchParams.get("response_type")).toBe("code");
      },
    };

    for (const vendor of ["github", "google", "yandex", "amocrm", "bitrix24"] as const) {
      it(`${vendor}: start → consent → callback stores the tokens sealed, activates the integration, and the profile works`, async () => {
        const integration = await createIntegration(vendor);
        const before = await t.call("GET", `/v1/integrations/${integration.id}/profile`);
        expect(before.statusCode).toBe(422);
        expect(before.json().code).toBe("oauth_not_connected");

        const consentUrl = new URL(await start(integration.id));
        consentChecks[vendor](consentUrl);
        const state = consentUrl.searchParams.get("state") ?? "";
        expect(state).toMatch(/^[A-Za-z0-9_-]{32}\.[A-Za-z0-9_-]{43}$/);

        const back = await fake.consent(consentUrl.toString());
        expect(`${back.origin}${back.pathname}`).toBe(`${PUBLIC_URL}/oauth/callback`);
        if (vendor === "amocrm") expect(back.searchParams.get("referer")).toBe(AMOCRM_REFERER);
        const page = await callback(back);
        expect(page.statusCode).toBe(200);
        expect(page.headers["content-type"]).toContain("text/html");
        expect(page.headers["cache-control"]).toBe("no-store");
        expect(page.headers["referrer-policy"]).toBe("no-referrer");
        expect(page.body).toContain("Connected");
        expect(page.body).toContain(`Acme ${vendor}`);

        const stored = await tokensRow(integration.id);
        expect(stored).toMatchObject({ vendor, version: 1, lost_reason: null });
        expect(stored?.sealed_grant.startsWith("v1.")).toBe(true);
        for (const secret of fake.issuedSecrets()) expect(stored?.sealed_grant).not.toContain(secret);
        if (vendor === "github") expect(stored?.expires_at).toBeNull();
        else expect(Date.parse(stored?.expires_at ?? "")).toBeGreaterThan(clock.now().getTime());

        const shown = (await t.call("GET", `/v1/integrations/${integration.id}`)).json();
        expect(shown.status).toBe("active");
        const profile = await t.call("GET", `/v1/integrations/${integration.id}/profile`);
        expect(profile.statusCode).toBe(200);
        expect(profile.json()).toEqual(expectedProfile(vendor));
        const exchange = fake.tokenRequests.filter(
          (r) => r.vendor === vendor && r.grantType === "authorization_code",
        );
        expect(exchange.at(-1)?.params.code).toBe(back.searchParams.get("code"));

        // The state was single-use: the same callback again is refused and changes nothing.
        const replay = await callback(back);
        expect(replay.statusCode).toBe(400);
        expect(replay.body).toContain("already used");
        expect((await tokensRow(integration.id))?.version).toBe(1);
      });
    }

    it("a forged state (other signature, unknown nonce, malformed) is refused and changes nothing", async () => {
      const integration = await createIntegration("github");
      const back = await fake.consent(await start(integration.id));
      const state = back.searchParams.get("state") ?? "";
      const [nonce, signature] = state.split(".") as [string, string];
      const flipped = `${signature.slice(0, -1)}${signature.endsWith("A") ? "B" : "A"}`;
      const forgeries = [`${nonce}.${flipped}`, `${"x".repeat(32)}.${signature}`, "not-a-state", ""];
      const exchangesBefore = fake.tokenRequests.length;
      for (const forged of forgeries) {
        const url = new URL(back);
        url.searchParams.set("state", forged);
        const page = await callback(url);
        expect(page.statusCode).toBe(400);
        expect(page.body).toContain("not valid");
      }
      expect(fake.tokenRequests.length).toBe(exchangesBefore);
      expect(await tokensRow(integration.id)).toBeUndefined();
      // The genuine state is still unused and works.
      expect((await callback(back)).statusCode).toBe(200);
    });

    it("a state older than 10 minutes is refused, and nothing is exchanged", async () => {
      const integration = await createIntegration("google");
      const back = await fake.consent(await start(integration.id));
      clock.advance(10 * 60 * 1000);
      const exchangesBefore = fake.tokenRequests.length;
      const page = await callback(back);
      expect(page.statusCode).toBe(400);
      expect(page.body).toContain("expired");
      expect(fake.tokenRequests.length).toBe(exchangesBefore);
      expect(await tokensRow(integration.id)).toBeUndefined();
    });

    it("a state is bound to its integration: it cannot connect another one", async () => {
      const first = await createIntegration("github");
      const second = await createIntegration("github");
      const back = await fake.consent(await start(first.id));
      expect((await callback(back)).statusCode).toBe(200);
      expect(await tokensRow(first.id)).toBeDefined();
      expect(await tokensRow(second.id)).toBeUndefined();
    });

    it("the vendor refusing the code (GitHub's HTTP 200 error) shows a failure page and stores nothing", async () => {
      const integration = await createIntegration("github");
      const back = await fake.consent(await start(integration.id));
      back.searchParams.set("code", "github_code_made_up");
      const page = await callback(back);
      expect(page.statusCode).toBe(400);
      expect(page.body).toContain("bad_verification_code");
      expect(await tokensRow(integration.id)).toBeUndefined();
    });

    it("a user who declines consent gets a failure page; the state is used up", async () => {
      const integration = await createIntegration("yandex");
      const url = new URL(await start(integration.id));
      const declined = new URL(`${PUBLIC_URL}/oauth/callback`);
      declined.searchParams.set("error", "access_denied");
      declined.searchParams.set("error_description", "<b>user said no</b>");
      declined.searchParams.set("state", url.searchParams.get("state") ?? "");
      const page = await callback(declined);
      expect(page.statusCode).toBe(400);
      expect(page.body).toContain("access_denied");
      expect(page.body).toContain("&lt;b&gt;user said no&lt;/b&gt;");
      expect(page.body).not.toContain("<b>");
      expect((await callback(declined)).body).toContain("already used");
    });

    it("amoCRM: a referer that is not an amoCRM host of the account is refused before any exchange", async () => {
      const integration = await createIntegration("amocrm");
      for (const referer of ["evil.example.com", "other.amocrm.ru", "acme.amocrm.ru.evil.com"]) {
        const back = await fake.consent(await start(integration.id));
        back.searchParams.set("referer", referer);
        const exchangesBefore = fake.tokenRequests.length;
        const page = await callback(back);
        expect(page.statusCode).toBe(400);
        expect(fake.tokenRequests.length).toBe(exchangesBefore);
      }
      expect(await tokensRow(integration.id)).toBeUndefined();
    });

    it("a vendor that cannot be reached is a 502 page", async () => {
      const integration = await createIntegration("google");
      const back = await fake.consent(await start(integration.id));
      fake.failNext.set("google", 1);
      const page = await callback(back);
      expect(page.statusCode).toBe(502);
      expect(page.body).toContain("could not be reached");
    });

    it("start: 422 for vendors without OAuth and without an app; 403 for another project's integration", async () => {
      const telegram = await t.call("POST", "/v1/integrations", {
        body: { name: "tg", vendor: "telegram", auth_data: { token: "123:abc" } },
      });
      const notOAuth = await t.call("POST", `/v1/integrations/${telegram.json().id}/oauth/start`);
      expect(notOAuth.statusCode).toBe(422);
      expect(notOAuth.json().code).toBe("oauth_not_supported");

      const github = await createIntegration("github", {});
      const noApp = await t.call("POST", `/v1/integrations/${github.id}/oauth/start`);
      expect(noApp.statusCode).toBe(422);
      expect(noApp.json()).toMatchObject({ code: "oauth_not_configured" });
      expect(noApp.json().message).toContain("PARLEY_GITHUB_CLIENT_ID");

      const other = await t.otherProject();
      const foreign = await t.call("POST", `/v1/integrations/${github.id}/oauth/start`, { key: other.key });
      expect(foreign.statusCode).toBe(403);
      expect((await t.call("POST", "/v1/integrations/int_missing/oauth/start")).statusCode).toBe(404);
    });

    it("a callback for a deleted integration is refused", async () => {
      const integration = await createIntegration("github");
      const back = await fake.consent(await start(integration.id));
      await t.call("DELETE", `/v1/integrations/${integration.id}`);
      const page = await callback(back);
      expect(page.statusCode).toBe(400);
    });

    it("the callback answers strangers with a 400 page, never a 5xx, and stores nothing", async () => {
      const random = seededRandom(16);
      const pieces = [
        "state=",
        "code=",
        "error=",
        "referer=",
        "state[]=",
        "state=a&state=b",
        "%00",
        "%ZZ",
        "x".repeat(3000),
      ];
      const before = await t.storage.db.selectFrom("oauth_tokens").select("integration_id").execute();
      for (let i = 0; i < 200; i += 1) {
        const query = Array.from({ length: 1 + Math.floor(random() * 4) }, () => {
          const piece = pieces[Math.floor(random() * pieces.length)] ?? "";
          return `${piece}${Math.floor(random() * 1e6).toString(36)}`;
        }).join("&");
        const page = await t.app.inject({ method: "GET", url: `/oauth/callback?${query}` });
        expect(page.statusCode, query).toBeGreaterThanOrEqual(400);
        expect(page.statusCode, query).toBeLessThan(500);
      }
      expect(await t.storage.db.selectFrom("oauth_tokens").select("integration_id").execute()).toEqual(
        before,
      );
    });

    it("no token, code, state or app secret is ever returned by the API or written to the log", async () => {
      const listed = (await t.call("GET", "/v1/integrations")).body;
      const secrets = [...fake.issuedSecrets(), ...Object.values(fake.apps).map((app) => app.clientSecret)];
      for (const secret of secrets) expect(listed).not.toContain(secret);
      const log = logLines.join("");
      expect(log).toContain("/oauth/callback?code=[redacted]");
      for (const secret of fake.issuedSecrets()) expect(log).not.toContain(secret);
      for (const app of Object.values(fake.apps)) expect(log).not.toContain(app.clientSecret);
      const states = await t.storage.db.selectFrom("oauth_states").select("state_hash").execute();
      expect(states.length).toBeGreaterThan(0);
      expect(log).not.toMatch(/state=[A-Za-z0-9_-]{32}\./);
    });
  });
}

for (const dialect of DIALECTS) oauthFlowSuite(dialect);
