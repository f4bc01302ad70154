import type { z } from "zod";
import type { VendorDefinition } from "../contract/vendor.js";
import { graphApiSettings } from "../meta/graph-settings.js";
import { fetchMessagingFile } from "../meta/messaging-attachment.js";
import { parseMessagingEvents } from "../meta/messaging-events.js";
import { sendApiMessage, sendApiTypingOn } from "../meta/send-api.js";
import { SEND_API_BUTTONS } from "../meta/send-api-buttons.js";
import { sendApiFile } from "../meta/send-api-file.js";
import { subscriptionHandshake } from "../meta/subscription-handshake.js";
import { verifiedBody } from "../meta/verified-body.js";
import { instagramAuthDataSchema } from "./auth-data.js";
import { instagramProfile } from "./profile.js";

/**
 * The Send API node for Instagram: `me`, the Page the token belongs to (docs/channels.md,
 * "Instagram"). The Instagram account id is not a Page id, so it is not used in the path.
 */
const SEND_NODE = "me";
const TEXT_LIMIT = { max: 1000, unit: "bytes" } as const;

/**
 * Instagram messaging through the linked Facebook Page's token (docs/channels.md, "Instagram"):
 * the Messenger webhook and Send API shapes with `object: "instagram"`, one conversation per
 * customer IGSID, routed by `account_id`. No `setUpWebhook`/`tearDownWebhook`: Instagram
 * messages arrive through the linked Page's app subscription and the app's `instagram` webhook
 * field, both set up in the Meta app dashboard, and there is nothing per integration to register.
 */
export const instagram = {
  id: "instagram",
  authData: instagramAuthDataSchema,
  settings: graphApiSettings,
  channel: {
    routeKeys: ["account_id"],
    textLimit: TEXT_LIMIT,
    buttons: SEND_API_BUTTONS,
    handshake: (context, request) => subscriptionHandshake(context.authData.verify_token, request),
    parseInbound: async (context, request) => {
      const body = verifiedBody(context.authData.app_secret, request);
      if (body === "rejected") return { kind: "rejected" };
      const source = {
        object: "instagram",
        ownId: context.authData.account_id,
        routeKey: "account_id",
      } as const;
      return { kind: "accepted", messages: parseMessagingEvents(body, source) };
    },
    send: (context, message) =>
      sendApiMessage(context, SEND_NODE, message, { textLimit: TEXT_LIMIT, quickRepliesOnTemplate: false }),
    // Pictures and files by Parley's signed link (docs/channels.md, "Files"); a caption goes as text first.
    sendFile: (context, message) => sendApiFile(context, SEND_NODE, message),
    sendTyping: (context, conversationId) => sendApiTypingOn(context, SEND_NODE, conversationId),
  },
  profile: instagramProfile,
  fetchFile: (context, ref) => fetchMessagingFile(context.fetch, ref, "Instagram"),
} satisfies VendorDefinition<"instagram", z.infer<typeof instagramAuthDataSchema>>;
