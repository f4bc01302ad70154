/**
 * How the VK fake checks a `messages.send` `keyboard` (docs/channels.md, "VK"): the JSON object
 * of dev.vk.com "Keyboard" and the vk-api-schema `messages_keyboard` (`one_time`, `buttons`,
 * `inline`; a button is `{action, color?}`). An inline keyboard holds at most 10 buttons in at
 * most 6 rows of at most 5 [confirmed, dev.vk.com]. A label of at most 40 characters and a
 * payload of at most 255 characters that is itself JSON [from SDK docs: unconfirmed]. VK answers
 * any of these faults with error 911 "Keyboard format is invalid" [confirmed]; which fault
 * gets which wording is not documented, so the fake names the fault after the fixed text.
 */

export interface VkKeyboardButton {
  type: string;
  label?: string;
  payload?: string;
  link?: string;
}

/** The keyboard's buttons row by row, or the 911 message for why it is invalid. */
export type KeyboardCheck = { rows: VkKeyboardButton[][] } | { error: string };

const KEYBOARD_KEYS = new Set(["one_time", "buttons", "inline"]);
const BUTTON_KEYS = new Set(["action", "color"]);
const ACTION_KEYS: Record<string, Set<string>> = {
  text: new Set(["type", "label", "payload"]),
  open_link: new Set(["type", "label", "link", "payload"]),
  callback: new Set(["type", "label", "payload"]),
  location: new Set(["type", "payload"]),
};
const COLORS = new Set(["primary", "secondary", "negative", "positive", "default"]);

const invalid = (why: string): KeyboardCheck => ({ error: `Keyboard format is invalid: ${why}` });
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const unknownKey = (value: Record<string, unknown>, allowed: Set<string>) =>
  Object.keys(value).find((key) => !allowed.has(key));

function checkButton(button: unknown): VkKeyboardButton | string {
  if (!isObject(button) || !isObject(button.action)) return "a button has no action";
  const extra = unknownKey(button, BUTTON_KEYS);
  if (extra) return `unknown button field ${extra}`;
  if (button.color !== undefined && !COLORS.has(String(button.color))) return "unknown color";
  const action = button.action;
  const allowed = ACTION_KEYS[String(action.type)];
  if (!allowed) return `unknown action type ${String(action.type)}`;
  const extraAction = unknownKey(action, allowed);
  if (extraAction) return `unknown action field ${extraAction}`;
  if (button.color !== undefined && action.type !== "text" && action.type !== "callback")
    return "only text and callback buttons have a color";
  if (allowed.has("label")) {
    if (typeof action.label !== "string" || action.label === "") return "label is required";
    if ([...action.label].length > 40) return "label is longer than 40 characters";
  }
  if (action.payload !== undefined) {
    if (typeof action.payload !== "string" || action.payload.length > 255) return "payload is invalid";
    try {
      JSON.parse(action.payload);
    } catch {
      return "payload is not JSON";
    }
  }
  if (action.type === "open_link" && !/^https?:\/\/\S+$/.test(String(action.link ?? "")))
    return "link is invalid";
  return {
    type: String(action.type),
    label: action.label as string | undefined,
    payload: action.payload as string | undefined,
    link: action.link as string | undefined,
  };
}

export function checkVkKeyboard(raw: string): KeyboardCheck {
  let keyboard: unknown;
  try {
    keyboard = JSON.parse(raw);
  } catch {
    return invalid("not JSON");
  }
  if (!isObject(keyboard) || !Array.isArray(keyboard.buttons)) return invalid("buttons is required");
  const extra = unknownKey(keyboard, KEYBOARD_KEYS);
  if (extra) return invalid(`unknown field ${extra}`);
  const inline = keyboard.inline === true;
  if (inline && keyboard.one_time !== undefined) return invalid("one_time is not supported inline");
  const rows = keyboard.buttons;
  const [maxRows, maxButtons] = inline ? [6, 10] : [10, 40];
  if (rows.length > maxRows) return invalid(`more than ${maxRows} rows`);
  const checked: VkKeyboardButton[][] = [];
  for (const row of rows) {
    if (!Array.isArray(row) || row.length === 0 || row.length > 5)
      return invalid("a row holds 1 to 5 buttons");
    const buttons: VkKeyboardButton[] = [];
    for (const button of row) {
      const result = checkButton(button);
      if (typeof result === "string") return invalid(result);
      buttons.push(result);
    }
    checked.push(buttons);
  }
  if (checked.flat().length > maxButtons) return invalid(`more than ${maxButtons} buttons`);
  return { rows: checked };
}
