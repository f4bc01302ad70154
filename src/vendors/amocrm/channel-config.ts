import { permanentFailure } from "../contract/channel-error.js";
import type { AmocrmContext } from "./state.js";

/** The Chats API channel Parley's operator registered with amoCRM (docs/channels.md, "amoCRM"). */
export interface AmojoChannel {
  /** `PARLEY_AMOCRM_CHANNEL_ID`: the channel's id, part of the connect path. */
  id: string;
  /** `PARLEY_AMOCRM_CHANNEL_SECRET`: signs every Chats API request and every channel webhook. */
  secret: string;
}

/** The configured channel, or undefined when the server has none. */
export function channelOf(context: AmocrmContext): AmojoChannel | undefined {
  const id = context.vendorConfig?.channel_id;
  const secret = context.vendorConfig?.channel_secret;
  return id && secret ? { id, secret } : undefined;
}

/** The configured channel; without one, a permanent failure naming the variables to set. */
export function requireChannel(context: AmocrmContext): AmojoChannel {
  const channel = channelOf(context);
  if (!channel) {
    throw permanentFailure(
      "channel_not_configured",
      "amoCRM chats need the server's Chats API channel: set PARLEY_AMOCRM_CHANNEL_ID and PARLEY_AMOCRM_CHANNEL_SECRET",
    );
  }
  return channel;
}
