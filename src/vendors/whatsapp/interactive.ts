import type { ButtonCapability, OutboundButton } from "../contract/channel.js";
import { partsBeforeButtons, sortButtons, within, withLinkLines } from "../meta/outbound-buttons.js";

/**
 * What WhatsApp shows natively (docs/channels.md, "WhatsApp"): up to 3 reply buttons (titles of
 * at most 20 characters), or a list of up to 10 rows (titles of at most 24); 20 characters
 * serves both, so up to 10 choices with 20-character labels. Links: a lone link is a `cta_url`
 * button; links beside reply buttons, or several, are written into the text (WhatsApp shows
 * a URL in a message as a link).
 */
export const WHATSAPP_BUTTONS: ButtonCapability = { max: 10, labelMax: 20, links: true };

/** Interactive messages' body text limit, in characters (the plain text limit is 4096). */
const BODY = { max: 1024, unit: "chars" } as const;
const TEXT = { max: 4096, unit: "chars" } as const;
const REPLY_BUTTONS_MAX = 3;
/**
 * The list's own button, which opens it. WhatsApp requires a text (at most 20 characters) and
 * Parley does not know the customer's language when sending, so it is a menu sign.
 */
export const LIST_BUTTON_TEXT = "☰";

/** The type-specific fields of one `POST /<phone_number_id>/messages` body. */
export type WhatsappContent =
  | { type: "text"; text: { body: string; preview_url: false } }
  | { type: "interactive"; interactive: Record<string, unknown> };

export const textContent = (body: string): WhatsappContent => ({
  type: "text",
  text: { body, preview_url: false },
});

/**
 * A part with buttons as the messages that carry it, in order: plain text parts first when the
 * text is longer than an interactive body holds, then the message with the buttons.
 * - 1–3 reply buttons: `interactive.button` (reply buttons);
 * - 4 or more: `interactive.list` with one section of rows (WhatsApp refuses more than 10);
 * - no reply buttons and one link: `interactive.cta_url`;
 * - no reply buttons and several links: plain text with the links written in.
 */
export function whatsappButtonMessages(text: string, buttons: readonly OutboundButton[]): WhatsappContent[] {
  const { replies, links } = sortButtons(buttons);
  const lone = replies.length === 0 && links.length === 1 ? links[0] : undefined;
  const body = lone ? text : withLinkLines(text, links);
  if (replies.length === 0 && !lone)
    return partsBeforeButtons(body, within(TEXT), within(TEXT)).map(textContent);

  const parts = partsBeforeButtons(body, within(BODY), within(TEXT));
  const last = parts.pop() ?? "";
  let action: Record<string, unknown>;
  let type: string;
  if (lone) {
    type = "cta_url";
    action = { name: "cta_url", parameters: { display_text: lone.label, url: lone.url } };
  } else if (replies.length <= REPLY_BUTTONS_MAX) {
    type = "button";
    action = {
      buttons: replies.map((reply) => ({ type: "reply", reply: { id: reply.id, title: reply.label } })),
    };
  } else {
    type = "list";
    action = {
      button: LIST_BUTTON_TEXT,
      sections: [{ rows: replies.map((reply) => ({ id: reply.id, title: reply.label })) }],
    };
  }
  const interactive: WhatsappContent = {
    type: "interactive",
    interactive: { type, body: { text: last }, action },
  };
  return [...parts.map(textContent), interactive];
}
