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
import { facebookAuthDataSchema } from "./auth-data.js";
import { pageNode, subscribeFacebookPage, unsubscribeFacebookPage } from "./page-subscription.js";
import { facebookProfile } from "./profile.js";

const TEXT_LIMIT = { max: 2000, unit: "chars" } as const;

/**
 * The Facebook Messenger channel (docs/channels.md, "Messenger"): a Page's conversations, one per
 * customer PSID, routed by `page_id`. Webhooks are verified with the app secret
 * (`X-Hub-Signature-256`) and the dashboard's GET handshake with the verify token; replies go
 * through the Send API as the Page; buttons are quick replies and a button template's links.
 */
export const facebook = {
  id: "facebook",
  authData: facebookAuthDataSchema,
  settings: graphApiSettings,
  channel: {
    routeKeys: ["page_id"],
    textLimit: TEXT_LIMIT,
    buttons: SEND_API_BUTTONS,
    handshake: (context, request) => subscriptionHandshake(context.authData.verify_token, request),
    parseInbound: async (context, request) => {
      const body = verifiedBody(context.authData.app_secret, request);
      if (body === "rejected") return { kind: "rejected" };
      const source = { object: "page", ownId: context.authData.page_id, routeKey: "page_id" } as const;
      return { kind: "accepted", messages: parseMessagingEvents(body, source) };
    },
    send: (context, message) =>
      sendApiMessage(context, pageNode(context), message, {
        textLimit: TEXT_LIMIT,
        quickRepliesOnTemplate: true,
      }),
    // Pictures and files by Parley's signed link (docs/channels.md, "Files"); a caption goes as text first.
    sendFile: (context, message) => sendApiFile(context, pageNode(context), message),
    sendTyping: (context, conversationId) => sendApiTypingOn(context, pageNode(context), conversationId),
    setUpWebhook: subscribeFacebookPage,
    tearDownWebhook: unsubscribeFacebookPage,
  },
  profile: facebookProfile,
  fetchFile: (context, ref) => fetchMessagingFile(context.fetch, ref, "Messenger"),
} satisfies VendorDefinition<"facebook", z.infer<typeof facebookAuthDataSchema>>;
