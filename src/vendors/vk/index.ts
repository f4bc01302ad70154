import { z } from "zod";
import { apiUrlSetting, type VendorDefinition } from "../contract/vendor.js";
import { vkAuthDataSchema } from "./auth-data.js";
import { fetchVkFile } from "./files.js";
import { parseVkInbound } from "./inbound.js";
import { VK_BUTTONS } from "./keyboard.js";
import { readVkProfile } from "./profile.js";
import { sendVkMessage, sendVkTyping } from "./send.js";
import { sendVkFile } from "./send-file.js";
import { setUpVkWebhook, tearDownVkWebhook } from "./webhook.js";

/** VK's schema allows 9000 characters, but 4096 is what clients reliably show whole. */
const VK_TEXT_MAX = 4096;

/**
 * The VK channel: community messages through the Callback API (docs/channels.md, "VK").
 * Inbound events are verified by the secret key in their body; replies go out with
 * `messages.send`, deduplicated by VK through `random_id`, buttons as an inline keyboard, pictures
 * and files uploaded and sent as attachments. Route keys: `peer_type` ("user" for
 * a private dialog, "chat" for a group chat) and `peer_id`; the conversation id is the peer id.
 * State keys: `group_id`, `callback_server_id`, `secret`, `confirmation_code` (state.ts).
 */
export const vk = {
  id: "vk",
  authData: vkAuthDataSchema,
  settings: apiUrlSetting("PARLEY_VK_API_URL", z.url().default("https://api.vk.com")),
  channel: {
    routeKeys: ["peer_type", "peer_id"],
    textLimit: { max: VK_TEXT_MAX, unit: "chars" },
    buttons: VK_BUTTONS,
    parseInbound: parseVkInbound,
    send: sendVkMessage,
    // Pictures and files uploaded to VK and sent as attachments (send-file.ts); the caption is
    // the message's text, so it has the text's limit.
    files: { captionMax: VK_TEXT_MAX },
    sendFile: sendVkFile,
    sendTyping: sendVkTyping,
    setUpWebhook: setUpVkWebhook,
    tearDownWebhook: tearDownVkWebhook,
  },
  profile: readVkProfile,
  fetchFile: fetchVkFile,
} satisfies VendorDefinition<"vk", z.infer<typeof vkAuthDataSchema>>;
