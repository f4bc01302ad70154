import type { VendorContext } from "../contract/vendor-context.js";
import { asNumber, asString } from "../shared/json-fields.js";
import type { VkAuthData } from "./auth-data.js";

export type VkContext = VendorContext<VkAuthData>;

/**
 * What the VK adapter keeps in the integration's connector state (docs/channels.md, "VK"):
 * - `group_id`: the community id, when auth_data has none (read with `groups.getById`);
 * - `callback_server_id`: the Callback API server Parley registered (`groups.addCallbackServer`);
 * - `secret`: the secret key of that server, which VK sends in the body of every event;
 * - `confirmation_code`: the string the `confirmation` event must be answered with.
 * Values the user put in auth_data win over these.
 */
export interface VkState {
  group_id?: number;
  callback_server_id?: number;
  secret?: string;
  confirmation_code?: string;
}

export function readVkState(context: VkContext): VkState {
  const state = context.state;
  return {
    group_id: asNumber(state.group_id),
    callback_server_id: asNumber(state.callback_server_id),
    secret: asString(state.secret),
    confirmation_code: asString(state.confirmation_code),
  };
}

/** The community id: auth_data's, else the one setUpWebhook read. */
export function knownGroupId(context: VkContext): number | undefined {
  return context.authData.group_id ?? readVkState(context).group_id;
}

/** The Callback API secret key: auth_data's, else the one setUpWebhook registered. */
export function knownSecret(context: VkContext): string | undefined {
  return context.authData.secret ?? readVkState(context).secret;
}

/** The answer to the `confirmation` event: auth_data's, else the one setUpWebhook read. */
export function knownConfirmationCode(context: VkContext): string | undefined {
  return context.authData.confirmation_code ?? readVkState(context).confirmation_code;
}
