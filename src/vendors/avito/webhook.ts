import { randomBytes } from "node:crypto";
import { AvitoApiClient } from "./api-client.js";
import { type AvitoContext, readAvitoState } from "./state.js";

/** The URL registered with Avito: the hook URL with the secret in its `token` query parameter. */
export function subscriptionUrl(hookUrl: string, webhookToken: string): string {
  const url = new URL(hookUrl);
  url.searchParams.set("token", webhookToken);
  return url.toString();
}

/**
 * Subscribes the hook URL to the account's messenger webhooks (`POST /messenger/v3/webhook`,
 * docs/channels.md "Avito"). Avito documents no signature, so a random `webhook_token` is put
 * in the URL and checked on every event; the saved one is reused, so setting up again does not
 * change the URL. Stored before the call, so a failed attempt and its retry agree on it, and an
 * event posted before the answer is accepted.
 */
export async function setUpAvitoWebhook(context: AvitoContext): Promise<void> {
  const webhookToken = readAvitoState(context).webhook_token ?? randomBytes(24).toString("base64url");
  // Stored before the subscription: the first event may arrive before Avito answers.
  await context.saveState({ webhook_token: webhookToken });
  const client = new AvitoApiClient(context);
  await client.request("webhook subscribe", "POST", "/messenger/v3/webhook", {
    url: subscriptionUrl(context.hookUrl, webhookToken),
  });
}

/** Unsubscribes the registered URL (`POST /messenger/v1/webhook/unsubscribe`); nothing when none was registered. */
export async function tearDownAvitoWebhook(context: AvitoContext): Promise<void> {
  const webhookToken = readAvitoState(context).webhook_token;
  if (!webhookToken) return;
  const client = new AvitoApiClient(context);
  await client.request("webhook unsubscribe", "POST", "/messenger/v1/webhook/unsubscribe", {
    url: subscriptionUrl(context.hookUrl, webhookToken),
  });
}
