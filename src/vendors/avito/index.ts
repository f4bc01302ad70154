import { z } from "zod";
import { apiUrlSetting, type VendorDefinition } from "../contract/vendor.js";
import { avitoAuthDataSchema } from "./auth-data.js";
import { fetchAvitoFile } from "./files.js";
import { parseAvitoInbound } from "./inbound.js";
import { readAvitoProfile } from "./profile.js";
import { sendAvitoMessage } from "./send.js";
import { AVITO_TEXT_MAX, sendAvitoFile } from "./send-file.js";
import { setUpAvitoWebhook, tearDownAvitoWebhook } from "./webhook.js";

/**
 * The Avito channel: the account's Messenger API (docs/channels.md, "Avito"). Calls use a
 * client_credentials token, cached in state; inbound webhooks carry a secret `token` in the
 * registered URL. Route keys: `chat_type` (u2i: a chat about a listing, u2u, a2u) and `item_id`
 * (the listing; empty when none); the conversation id is Avito's chat id. Avito has no typing
 * indicator. State keys: `access_token`, `access_token_expires_at`, `user_id`, `webhook_token`
 * (state.ts). Pictures are uploaded and sent as image messages; documents go as a text with
 * Parley's signed link (send-file.ts).
 */
export const avito = {
  id: "avito",
  authData: avitoAuthDataSchema,
  settings: apiUrlSetting("PARLEY_AVITO_API_URL", z.url().default("https://api.avito.ru")),
  channel: {
    routeKeys: ["chat_type", "item_id"],
    textLimit: { max: 1000, unit: "chars" },
    parseInbound: parseAvitoInbound,
    send: sendAvitoMessage,
    // A caption goes as a text message of its own (send-file.ts): Avito's text limit.
    files: { captionMax: AVITO_TEXT_MAX },
    sendFile: sendAvitoFile,
    setUpWebhook: setUpAvitoWebhook,
    tearDownWebhook: tearDownAvitoWebhook,
  },
  profile: readAvitoProfile,
  fetchFile: fetchAvitoFile,
} satisfies VendorDefinition<"avito", z.infer<typeof avitoAuthDataSchema>>;
