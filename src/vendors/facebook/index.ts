import type { z } from "zod";
import type { VendorDefinition } from "../contract/vendor.js";
import { graphApiSettings } from "../meta/graph-settings.js";
import { parseMessagingEvents } from "../meta/messaging-events.js";
import { sendApiText, sendApiTypingOn } from "../meta/send-api.js";
import { subscriptionHandshake } from "../meta/subscription-handshake.js";
import { verifiedBody } from "../meta/verified-body.js";
import { facebookAuthDataSchema } from "./auth-data.js";
import { pageNode, subscribeFacebookPage, unsubscribeFacebookPage } from "./page-subscription.js";
import { facebookProfile } from "./profile.js";

/**
 * The Facebook Messenger channel (docs/channels.md, "Messenger"): a Page's conversations, one per
 * customer PSID, routed by `page_id`. Webhooks are verified with the app secret
 * (`X-Hub-Signature-256`) and the dashboard's GET handshake with the verify token; replies go
 * through the Send API as the Page.
 */
export const facebook = {
  id: "facebook",
  authData: facebookAuthDataSchema,
  settings: graphApiSettings,
  channel: {
    routeKeys: ["page_id"],
    textLimit: { max: 2000, unit: "chars" },
    handshake: (context, request) => subscriptionHandshake(context.authData.verify_token, request),
    parseInbound: async (context, request) => {
      const body = verifiedBody(context.authData.app_secret, request);
      if (body === "rejected") return { kind: "rejected" };
      const source = { object: "page", ownId: context.authData.page_id, routeKey: "page_id" } as const;
      return { kind: "accepted", messages: parseMessagingEvents(body, source) };
    },
    send: (context, message) => sendApiText(context, pageNode(context), message),
    sendTyping: (context, conversationId) => sendApiTypingOn(context, pageNode(context), conversationId),
    setUpWebhook: subscribeFacebookPage,
    tearDownWebhook: unsubscribeFacebookPage,
  },
  profile: facebookProfile,
} satisfies VendorDefinition<"facebook", z.infer<typeof facebookAuthDataSchema>>;
