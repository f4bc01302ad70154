import { expect } from "vitest";
import type { TestApp } from "../../../helpers/test-app.js";
import type { FakeOAuthVendor, OAuthVendorsFake } from "./fakes/oauth-vendors-fake.js";

export const PUBLIC_URL = "https://parley.test";

/** An integration of `vendor` using its own app from the fake (Bitrix24 and amoCRM with their account). */
export function authDataFor(fake: OAuthVendorsFake, vendor: FakeOAuthVendor): Record<string, string> {
  const app = { client_id: fake.apps[vendor].clientId, client_secret: fake.apps[vendor].clientSecret };
  if (vendor === "bitrix24") return { portal: "acme.bitrix24.ru", ...app };
  if (vendor === "amocrm") return { subdomain: "acme", ...app };
  return app;
}

/** Creates an integration and connects it through the whole consent flow; returns its id. */
export async function connectByOAuth(
  t: TestApp,
  fake: OAuthVendorsFake,
  vendor: FakeOAuthVendor,
): Promise<string> {
  fake.amocrmRedirectUri = `${PUBLIC_URL}/oauth/callback`;
  const created = await t.call("POST", "/v1/integrations", {
    body: { name: `Acme ${vendor}`, vendor, auth_data: authDataFor(fake, vendor) },
  });
  expect(created.statusCode).toBe(200);
  const id = created.json().id as string;
  await reconnect(t, fake, id);
  return id;
}

/** Runs the consent flow again for an existing integration. */
export async function reconnect(t: TestApp, fake: OAuthVendorsFake, integrationId: string): Promise<void> {
  const started = await t.call("POST", `/v1/integrations/${integrationId}/oauth/start`);
  expect(started.statusCode).toBe(200);
  const back = await fake.consent(started.json().url);
  const page = await t.app.inject({ method: "GET", url: `${back.pathname}${back.search}` });
  expect(page.statusCode).toBe(200);
}

export function tokensOf(t: TestApp, integrationId: string) {
  return t.storage.db
    .selectFrom("oauth_tokens")
    .selectAll()
    .where("integration_id", "=", integrationId)
    .executeTakeFirstOrThrow();
}

export function refreshJobsOf(t: TestApp, integrationId: string) {
  return t.storage.db
    .selectFrom("jobs")
    .select(["id", "status", "run_at", "payload", "attempts"])
    .where("type", "=", "oauth.refresh")
    .where("payload", "like", `%${integrationId}%`)
    .orderBy("created_at")
    .execute();
}

/** `integration.auth_lost` webhook events recorded for the integration. */
export async function authLostEvents(t: TestApp, integrationId: string): Promise<number> {
  const rows = await t.storage.db
    .selectFrom("webhook_events")
    .select("data")
    .where("type", "=", "integration.auth_lost")
    .execute();
  return rows.filter((row) => JSON.parse(row.data).integration_id === integrationId).length;
}
