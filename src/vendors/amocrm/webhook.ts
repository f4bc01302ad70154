import { transientFailure } from "../contract/channel-error.js";
import { asRecord, asString } from "../shared/json-fields.js";
import { amojoRequest } from "./amojo-client.js";
import { amocrmApiRequest } from "./api-v4.js";
import { channelOf, requireChannel } from "./channel-config.js";
import { type AmocrmContext, readAmocrmState } from "./state.js";

/** The account's id in the Chats API (`GET /api/v4/account?with=amojo_id`), with the OAuth token. */
async function readAmojoId(context: AmocrmContext): Promise<string> {
  const { body } = await amocrmApiRequest(context, "account", "GET", "/api/v4/account?with=amojo_id");
  const amojoId = asString(asRecord(body)?.amojo_id);
  if (!amojoId) throw transientFailure("vendor_unavailable", "amoCRM /api/v4/account returned no amojo_id");
  return amojoId;
}

/**
 * Connects the server's chat channel to the account (docs/channels.md, "amoCRM"): reads the
 * account's `amojo_id` with the OAuth token, then `POST /v2/origin/custom/{channel_id}/connect`
 * `{account_id, title, hook_api_version: "v2"}` (signed) and keeps the `scope_id` it answers.
 * amoCRM asks for this after every install of the integration; it is safe to repeat (the scope
 * is the same for the same channel and account). The scope id is also the integration's hook
 * key: amoCRM posts the channel's webhooks to `…/hooks/amocrm/<scope_id>`.
 */
export async function setUpAmocrmWebhook(context: AmocrmContext): Promise<void> {
  const channel = requireChannel(context);
  const amojoId = await readAmojoId(context);
  const connected = asRecord(
    await amojoRequest(
      context,
      channel,
      "connect",
      "POST",
      `/v2/origin/custom/${encodeURIComponent(channel.id)}/connect`,
      {
        account_id: amojoId,
        title: context.integration.name,
        hook_api_version: "v2",
      },
    ),
  );
  const scopeId = asString(connected?.scope_id);
  if (!scopeId) throw transientFailure("vendor_unavailable", "amoCRM Chats API connect returned no scope_id");
  context.saveState({ amojo_id: amojoId, scope_id: scopeId, channel_id: channel.id });
}

/**
 * Disconnects the channel from the account (`DELETE /v2/origin/custom/{channel_id}/disconnect`
 * `{account_id}`, signed): amoCRM stops sending the channel's webhooks for it. Nothing when it
 * was never connected or the server has no channel any more.
 */
export async function tearDownAmocrmWebhook(context: AmocrmContext): Promise<void> {
  const state = readAmocrmState(context);
  const channel = channelOf(context);
  if (!state.scope_id || !state.amojo_id || !channel || state.channel_id !== channel.id) return;
  await amojoRequest(
    context,
    channel,
    "disconnect",
    "DELETE",
    `/v2/origin/custom/${encodeURIComponent(channel.id)}/disconnect`,
    { account_id: state.amojo_id },
  );
}

/** The key amoCRM's channel webhook URL names this integration by: its scope id, once connected. */
export function amocrmHookKey(context: AmocrmContext): string | undefined {
  return readAmocrmState(context).scope_id;
}
