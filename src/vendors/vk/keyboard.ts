import type { ButtonCapability, OutboundButton } from "../contract/channel.js";
import { permanentFailure } from "../contract/channel-error.js";
import { asRecord, asString, parseJsonObject } from "../shared/json-fields.js";

/**
 * What VK shows natively (docs/channels.md, "VK"): an inline keyboard holds at most 10 buttons
 * in at most 6 rows of at most 5 (dev.vk.com, "Keyboard", inline display); a label is cut by
 * the client where it does not fit, and 40 characters is the longest VK accepts (an SDK's
 * documented limit, not VK's own page: unconfirmed). Links are `open_link` buttons.
 */
export const VK_BUTTONS: ButtonCapability = { max: 10, labelMax: 40, links: true };

/** Up to this many buttons each get a row of their own; more go two to a row (5 rows for 10). */
const ONE_PER_ROW = 6;
/** VK's limit on a button's `payload` (a JSON string), in characters. */
const PAYLOAD_MAX = 255;

type VkAction =
  | { type: "text"; label: string; payload: string }
  | { type: "open_link"; label: string; link: string };

/** The `payload` a reply button carries: `{"button":"<id>"}`, the shape of VK's own examples. */
function payloadFor(id: string): string {
  const payload = JSON.stringify({ button: id });
  if (payload.length > PAYLOAD_MAX)
    throw permanentFailure("invalid_buttons", "A button id is too long for a VK keyboard payload.");
  return payload;
}

function actionFor(button: OutboundButton): VkAction {
  if (button.kind === "link" && button.url)
    return { type: "open_link", label: button.label, link: button.url };
  if (button.kind === "reply" && button.id)
    return { type: "text", label: button.label, payload: payloadFor(button.id) };
  throw permanentFailure("invalid_buttons", "A reply button needs an id and a link button a url.");
}

/**
 * The `keyboard` parameter of `messages.send` (a JSON string): an inline keyboard under the
 * message. Reply buttons are `text` buttons (pressing one sends its label as the customer's
 * message, with the payload), links `open_link` buttons (no message on a press).
 */
export function vkKeyboard(buttons: readonly OutboundButton[]): string {
  const perRow = buttons.length <= ONE_PER_ROW ? 1 : 2;
  const rows: Array<Array<{ action: VkAction }>> = [];
  buttons.forEach((button, index) => {
    if (index % perRow === 0) rows.push([]);
    rows.at(-1)?.push({ action: actionFor(button) });
  });
  return JSON.stringify({ inline: true, buttons: rows });
}

/**
 * The buttons written into the text, for a community whose bot features are off (VK error
 * 912 refuses any keyboard): reply buttons numbered, links as `label: url`.
 */
export function keyboardAsText(text: string, buttons: readonly OutboundButton[]): string {
  let number = 0;
  const lines = buttons.map((button) =>
    button.kind === "link" ? `${button.label}: ${button.url ?? ""}` : `${++number}. ${button.label}`,
  );
  return [text, lines.join("\n")].filter(Boolean).join("\n\n");
}

/**
 * The press of a reply button Parley sent: the message's `payload` is the JSON string the
 * button carried. Other payloads (the community's "Start" button sends `{"command":"start"}`)
 * are no choice.
 */
export function choiceOf(payload: unknown): { buttonId: string } | undefined {
  const raw = asString(payload);
  const buttonId = raw === undefined ? undefined : asString(asRecord(parseJsonObject(raw))?.button);
  return buttonId ? { buttonId } : undefined;
}
