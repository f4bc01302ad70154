import type { VendorContext } from "../contract/vendor-context.js";
import { asNumber, asString } from "../shared/json-fields.js";
import type { Bitrix24AuthData } from "./auth-data.js";

export type Bitrix24Context = VendorContext<Bitrix24AuthData>;

/**
 * What the Bitrix24 adapter keeps in the integration's connector state (docs/channels.md,
 * "Bitrix24"), next to what the OAuth connection keeps:
 * - `bot_id`: the chat bot Parley registered (`imbot.register`), where replies come from;
 * - `application_token`, `member_id`: the application token and the portal's id, as the
 *   verified installation event (`ONAPPINSTALL`) brought them; every later event must carry
 *   the same token (an `application_token` in auth_data takes precedence).
 */
export interface Bitrix24State {
  bot_id?: string;
  application_token?: string;
  member_id?: string;
}

const idString = (value: unknown) => asNumber(value)?.toString() ?? (asString(value) || undefined);

export function readBitrix24State(context: Bitrix24Context): Bitrix24State {
  const state = context.state;
  return {
    bot_id: idString(state.bot_id),
    application_token: asString(state.application_token) || undefined,
    member_id: asString(state.member_id) || undefined,
  };
}

/** The application token events must carry: the pinned one in auth_data, else the installed one. */
export function expectedApplicationToken(context: Bitrix24Context): string | undefined {
  return context.authData.application_token ?? readBitrix24State(context).application_token;
}

/** The bot's code on the portal: unique per integration, so two Parley integrations never share a bot. */
export function botCode(context: Bitrix24Context): string {
  return `parley_${context.integration.id}`.toLowerCase();
}
