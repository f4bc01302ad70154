import type { z } from "zod";
import type { VendorDefinition } from "../contract/vendor.js";
import { amocrmAuthDataSchema } from "./auth-data.js";
import { fetchAmocrmFile } from "./files.js";
import { parseAmocrmInbound } from "./inbound.js";
import { amocrmOAuth } from "./oauth.js";
import { amocrmProfile } from "./profile.js";
import { sendAmocrmMessage, sendAmocrmTyping } from "./send.js";
import { AMOCRM_CAPTION_MAX, sendAmocrmFile } from "./send-file.js";
import { amocrmSettings } from "./settings.js";
import { amocrmCreateLeadTool } from "./tools/create-lead.js";
import { amocrmHookKey, setUpAmocrmWebhook, tearDownAmocrmWebhook } from "./webhook.js";

/**
 * The amoCRM channel and tools (docs/channels.md, "amoCRM"). Chats go through the Chats API
 * channel the server's operator registered with amoCRM (`PARLEY_AMOCRM_CHANNEL_ID` and
 * `_SECRET`): connecting reads the account's `amojo_id` with the OAuth token and connects the
 * channel, keeping the `scope_id`, which is also the hook key amoCRM's webhook URL names the
 * integration by. Messages written in amoCRM in the channel's chats reach the bot; its replies
 * go back into the same chat as the chat's client. Route keys: `sender_id` (the amoCRM user who
 * wrote) and `source_id`. Pictures and files go as `picture` and `file` messages with Parley's
 * signed link as `media` (send-file.ts). The tool `amocrm_create_lead` uses API v4 with the OAuth token.
 * State keys: `amojo_id`, `scope_id`, `channel_id` (state.ts).
 */
export const amocrm = {
  id: "amocrm",
  authData: amocrmAuthDataSchema,
  settings: amocrmSettings,
  channel: {
    routeKeys: ["sender_id", "source_id"],
    // The Chats API documents no limit [unconfirmed]: 4096 characters, as most messengers it bridges.
    textLimit: { max: 4096, unit: "chars" },
    parseInbound: parseAmocrmInbound,
    send: sendAmocrmMessage,
    // Pictures and files by Parley's signed link, which amoCRM downloads (docs/channels.md, "Files").
    files: { captionMax: AMOCRM_CAPTION_MAX },
    sendFile: sendAmocrmFile,
    sendTyping: sendAmocrmTyping,
    setUpWebhook: setUpAmocrmWebhook,
    tearDownWebhook: tearDownAmocrmWebhook,
    hookKey: amocrmHookKey,
  },
  oauth: amocrmOAuth,
  profile: amocrmProfile,
  fetchFile: fetchAmocrmFile,
  tools: [amocrmCreateLeadTool],
} satisfies VendorDefinition<"amocrm", z.infer<typeof amocrmAuthDataSchema>>;
