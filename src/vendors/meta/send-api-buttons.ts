import type { ButtonCapability, OutboundButton, TextLimit } from "../contract/channel.js";
import { partsBeforeButtons, sortButtons, within, withLinkLines } from "./outbound-buttons.js";

/**
 * What Messenger and Instagram show natively (docs/channels.md, "Meta"): up to 13 quick replies
 * with titles of at most 20 characters, and links as `web_url` buttons of a button template.
 */
export const SEND_API_BUTTONS: ButtonCapability = { max: 13, labelMax: 20, links: true };

/** A button template holds 1–3 buttons and a text of at most 640 characters. */
const TEMPLATE_BUTTONS_MAX = 3;
const TEMPLATE_TEXT = { max: 640, unit: "chars" } as const;

export interface SendApiButtonOptions {
  /** The channel's limit for a plain text message. */
  textLimit: TextLimit;
  /**
   * Whether quick replies may go with a button template. Messenger documents `quick_replies`
   * beside an `attachment`; Instagram shows quick replies only with text (unconfirmed either
   * way), so on Instagram links beside reply buttons are written into the text instead.
   */
  quickRepliesOnTemplate: boolean;
}

/**
 * A part with buttons as the Send API `message` objects that carry it, in order:
 * - reply buttons only: the text with `quick_replies` (payload: the button id);
 * - with links: a button template whose `web_url` buttons are the first 3 links (further
 *   links written into its text) and the reply buttons as its quick replies. Its text holds
 *   640 characters; a longer text goes first as plain messages. On Instagram, links beside
 *   reply buttons are written into the text and the message is text with quick replies.
 */
export function sendApiButtonMessages(
  text: string,
  buttons: readonly OutboundButton[],
  options: SendApiButtonOptions,
): Array<Record<string, unknown>> {
  const { replies, links } = sortButtons(buttons);
  const quickReplies =
    replies.length === 0
      ? {}
      : {
          quick_replies: replies.map((reply) => ({
            content_type: "text",
            title: reply.label,
            payload: reply.id,
          })),
        };
  const fitsText = within(options.textLimit);
  const template = links.length > 0 && (options.quickRepliesOnTemplate || replies.length === 0);
  if (!template) {
    const parts = partsBeforeButtons(withLinkLines(text, links), fitsText, fitsText);
    const last = parts.pop() ?? "";
    return [...parts.map((part) => ({ text: part })), { text: last, ...quickReplies }];
  }
  const native = links.slice(0, TEMPLATE_BUTTONS_MAX);
  const body = withLinkLines(text, links.slice(TEMPLATE_BUTTONS_MAX));
  const parts = partsBeforeButtons(body, within(TEMPLATE_TEXT, options.textLimit), fitsText);
  const last = parts.pop() ?? "";
  const attachment = {
    type: "template",
    payload: {
      template_type: "button",
      text: last,
      buttons: native.map((link) => ({ type: "web_url", url: link.url, title: link.label })),
    },
  };
  return [...parts.map((part) => ({ text: part })), { attachment, ...quickReplies }];
}
