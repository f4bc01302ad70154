import { randomBytes } from "node:crypto";
import { ChannelError } from "../contract/channel-error.js";
import { asArray, asNumber, asRecord, asString, type JsonRecord } from "../shared/json-fields.js";
import { callVk, VK_API_VERSION } from "./api-client.js";
import { resolveGroupId } from "./group.js";
import { knownGroupId, readVkState, type VkContext } from "./state.js";

/** The callback server's title in the community settings (VK allows at most 14 characters). */
const SERVER_TITLE = "Parley";

async function callbackServers(context: VkContext, groupId: number): Promise<JsonRecord[]> {
  const response = asRecord(await callVk(context, "groups.getCallbackServers", { group_id: groupId }));
  return asArray(response?.items)
    .map(asRecord)
    .filter((server) => server !== undefined);
}

/**
 * Registers Parley's hook URL as a Callback API server of the community (docs/channels.md,
 * "VK"): the server whose URL is already the hook URL is reused, else one is added with a
 * secret key (auth_data's `secret`, else the one saved earlier, else a new random one); it is
 * set to API 5.199 with `message_new` on, and the community's confirmation code is read
 * afterwards (VK changes it when server settings change). Each value is saved as soon as it is
 * known, so a retry after a failure reuses the server instead of adding another.
 *
 * These methods need the community token's `manage` right; without it VK answers error 15,
 * a permanent `vendor_rejected`. The user can then add the server by hand in the community
 * settings and put its `confirmation_code` and `secret` in auth_data.
 */
export async function setUpVkWebhook(context: VkContext): Promise<void> {
  const groupId = await resolveGroupId(context);
  const existing = (await callbackServers(context, groupId)).find((server) => server.url === context.hookUrl);
  const secret =
    context.authData.secret ??
    readVkState(context).secret ??
    (asString(existing?.secret_key) || undefined) ??
    randomBytes(16).toString("hex");

  let serverId = asNumber(existing?.id);
  if (existing && serverId !== undefined) {
    if (existing.secret_key !== secret) {
      await callVk(context, "groups.editCallbackServer", {
        group_id: groupId,
        server_id: serverId,
        url: context.hookUrl,
        title: asString(existing.title) || SERVER_TITLE,
        secret_key: secret,
      });
    }
  } else {
    const added = asRecord(
      await callVk(context, "groups.addCallbackServer", {
        group_id: groupId,
        url: context.hookUrl,
        title: SERVER_TITLE,
        secret_key: secret,
      }),
    );
    serverId = asNumber(added?.server_id);
    if (serverId === undefined) throw new Error("VK groups.addCallbackServer returned no server_id");
  }
  context.saveState({ callback_server_id: serverId, secret });

  await callVk(context, "groups.setCallbackSettings", {
    group_id: groupId,
    server_id: serverId,
    api_version: VK_API_VERSION,
    message_new: 1,
  });
  const confirmation = asRecord(
    await callVk(context, "groups.getCallbackConfirmationCode", { group_id: groupId }),
  );
  const code = asString(confirmation?.code);
  if (!code) throw new Error("VK groups.getCallbackConfirmationCode returned no code");
  context.saveState({ group_id: groupId, callback_server_id: serverId, secret, confirmation_code: code });
}

/**
 * Removes the callback server Parley registered: the one in state, else the community's server
 * whose URL is the hook URL. A server VK no longer knows is not an error (it is gone already).
 */
export async function tearDownVkWebhook(context: VkContext): Promise<void> {
  const groupId = knownGroupId(context);
  if (groupId === undefined) return;
  let serverId = readVkState(context).callback_server_id;
  if (serverId === undefined) {
    const registered = (await callbackServers(context, groupId)).find(
      (server) => server.url === context.hookUrl,
    );
    serverId = asNumber(registered?.id);
  }
  if (serverId === undefined) return;
  try {
    await callVk(context, "groups.deleteCallbackServer", { group_id: groupId, server_id: serverId });
  } catch (error) {
    if (!(error instanceof ChannelError && error.kind === "permanent")) throw error;
  }
  context.saveState({ callback_server_id: null });
}
