import type { TestApp } from "../helpers/test-app.js";
import type { AmocrmFake } from "./fakes/amocrm-fake.js";
import type { Bitrix24Fake } from "./fakes/bitrix24-fake.js";

/**
 * An administrator connecting a CRM integration by OAuth (docs/oauth.md): `POST …/oauth/start`,
 * consent on the vendor (the fake issues the code), then the vendor's redirect to Parley's
 * callback. The answers are returned for the caller to check.
 */
async function consent(
  t: TestApp,
  integrationId: string,
  callbackParams: (consent: URL) => Record<string, string>,
) {
  const start = await t.call("POST", `/v1/integrations/${integrationId}/oauth/start`);
  const consentUrl = new URL(start.json().url);
  const callback = await t.app.inject({
    method: "GET",
    url: `/oauth/callback?${new URLSearchParams(callbackParams(consentUrl))}`,
  });
  return { start, consent: consentUrl, callback };
}

/** amoCRM's redirect: the code, the account's host (`referer`) and its platform. */
export function consentOnAmocrm(t: TestApp, fake: AmocrmFake, integrationId: string) {
  const code = `def502${Date.now()}`;
  fake.codes.add(code);
  return consent(t, integrationId, (url) => ({
    code,
    state: url.searchParams.get("state") ?? "",
    referer: fake.referer,
    platform: "1",
  }));
}

/** Bitrix24's redirect: the code, the portal, its member id, the scope and the OAuth server. */
export function consentOnBitrix24(t: TestApp, fake: Bitrix24Fake, integrationId: string) {
  return consent(t, integrationId, (url) => ({
    code: fake.authorizationCode(),
    state: url.searchParams.get("state") ?? "",
    domain: fake.portal,
    member_id: fake.memberId,
    scope: "imbot,crm",
    server_domain: "oauth.bitrix.info",
  }));
}
