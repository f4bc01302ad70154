import type { z } from "zod";
import type { VendorDefinition } from "../contract/vendor.js";
import { graphApiSettings } from "../meta/graph-settings.js";
import { subscriptionHandshake } from "../meta/subscription-handshake.js";
import { verifiedBody } from "../meta/verified-body.js";
import { subscribeWhatsappApp, unsubscribeWhatsappApp } from "./app-subscription.js";
import { whatsappAuthDataSchema } from "./auth-data.js";
import { parseWhatsappMessages } from "./inbound.js";
import { WHATSAPP_BUTTONS } from "./interactive.js";
import { fetchWhatsappMedia } from "./media.js";
import { whatsappProfile } from "./profile.js";
import { sendWhatsappMessage } from "./send.js";
import { sendWhatsappFile } from "./send-file.js";
import { sendWhatsappTemplate } from "./templates.js";

/**
 * The WhatsApp Cloud API channel (docs/channels.md, "WhatsApp"). Webhooks are verified with
 * the app secret (`X-Hub-Signature-256`) and the dashboard's GET handshake with the verify
 * token; one conversation per customer wa_id; messages are routed by `phone_number_id`;
 * buttons are interactive messages, and a press arrives as an interactive reply; files go
 * by link.
 * No `sendTyping`: WhatsApp's typing indicator is tied to marking a given inbound message read,
 * and the send path does not carry that message's id. Approved message templates go out with
 * `sendTemplate` (docs/channels.md, "Templates").
 */
export const whatsapp = {
  id: "whatsapp",
  authData: whatsappAuthDataSchema,
  settings: graphApiSettings,
  channel: {
    routeKeys: ["phone_number_id"],
    textLimit: { max: 4096, unit: "chars" },
    markup: "whatsapp",
    buttons: WHATSAPP_BUTTONS,
    handshake: (context, request) => subscriptionHandshake(context.authData.verify_token, request),
    parseInbound: async (context, request) => {
      const body = verifiedBody(context.authData.app_secret, request);
      if (body === "rejected") return { kind: "rejected" };
      return { kind: "accepted", messages: parseWhatsappMessages(body, context.authData.phone_number_id) };
    },
    send: sendWhatsappMessage,
    // Pictures and files by Parley's signed link (docs/channels.md, "Files").
    files: { captionMax: 1024 },
    sendFile: sendWhatsappFile,
    sendTemplate: sendWhatsappTemplate,
    setUpWebhook: subscribeWhatsappApp,
    tearDownWebhook: unsubscribeWhatsappApp,
  },
  profile: whatsappProfile,
  fetchFile: fetchWhatsappMedia,
} satisfies VendorDefinition<"whatsapp", z.infer<typeof whatsappAuthDataSchema>>;
