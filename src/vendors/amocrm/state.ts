import type { VendorContext } from "../contract/vendor-context.js";
import { asString } from "../shared/json-fields.js";
import type { AmocrmAuthData } from "./auth-data.js";

export type AmocrmContext = VendorContext<AmocrmAuthData>;

/**
 * What the amoCRM adapter keeps in the integration's connector state (docs/channels.md, "amoCRM"):
 * - `amojo_id`: the account's id in the Chats API (`GET /api/v4/account?with=amojo_id`);
 * - `scope_id`: the channel's connection to that account (`POST …/{channel_id}/connect`), the
 *   path of every send and the `:scope_id` of the channel's webhook URL;
 * - `channel_id`: the channel the scope belongs to (a new channel in the configuration means
 *   connecting again).
 */
export interface AmocrmState {
  amojo_id?: string;
  scope_id?: string;
  channel_id?: string;
}

export function readAmocrmState(context: AmocrmContext): AmocrmState {
  const state = context.state;
  return {
    amojo_id: asString(state.amojo_id) || undefined,
    scope_id: asString(state.scope_id) || undefined,
    channel_id: asString(state.channel_id) || undefined,
  };
}
