/**
 * How the Meta fake checks messages with buttons (docs/channels.md, "Meta"), and what it keeps
 * of them so it can play a customer's press.
 *
 * WhatsApp `type: "interactive"` (developers.facebook.com, "Interactive reply buttons
 * messages", "Interactive list messages", "Interactive CTA URL button messages"):
 * - `interactive` holds `type`, `header?`, `body`, `footer?`, `action`; `body.text` is required,
 *   at most 1024 characters;
 * - `button`: `action.buttons`, 1–3 of `{type:"reply", reply:{id ≤ 256, title ≤ 20}}`, titles and
 *   ids unique in the message;
 * - `list`: `action.button` (≤ 20) and `action.sections` (1–10; a `title` ≤ 24, required when
 *   there are several), at most 10 rows in all, each `{id ≤ 200, title ≤ 24, description? ≤ 72}`;
 * - `cta_url`: `action: {name:"cta_url", parameters:{display_text ≤ 20, url}}`.
 * Unknown keys are answered code 100 with `error_data.details` "Unexpected key …", out-of-range
 * values code 131009 "Parameter value is not valid" with the reason in `details` (the wording of
 * the details is unconfirmed).
 *
 * Messenger / Instagram Send API `message` ("Quick replies", "Button template"): `text` or
 * `attachment` (exactly one), `quick_replies?` 1–13 of `{content_type:"text", title ≤ 20,
 * payload ≤ 1000, image_url?}` (or `user_phone_number` / `user_email`); a button template is
 * `attachment: {type:"template", payload:{template_type:"button", text ≤ 640, buttons: 1–3 of
 * {type:"web_url", url, title ≤ 20} | {type:"postback", title ≤ 20, payload ≤ 1000}}}`.
 * Instagram documents titles over 20 as truncated, not refused; the fake refuses them for both
 * (stricter than Meta). Faults are code 100; their wording is unconfirmed.
 */

/** A fault as the fake answers it (mapped to a Graph error body by meta-fake.ts). */
export interface ButtonFault {
  code: 100 | 131009;
  message: string;
  details?: string;
}

/** The choices a message offered: what a press can send back. */
export interface OfferedChoice {
  id: string;
  title: string;
}

export interface CheckedButtons {
  /** The text the customer reads with the buttons. */
  text: string;
  /** `button_reply` / `list_reply` (WhatsApp) or `quick_reply` (Messenger, Instagram). */
  reply: "button_reply" | "list_reply" | "quick_reply" | undefined;
  choices: OfferedChoice[];
}

type Json = Record<string, unknown>;

class Fault extends Error {
  constructor(readonly fault: ButtonFault) {
    super(fault.message);
  }
}

const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const length = (text: string) => [...text].length;

const unexpected = (key: string, param: string) =>
  new Fault({
    code: 100,
    message: "(#100) Invalid parameter",
    details: `Unexpected key "${key}" on param "${param}".`,
  });
const required = (param: string) =>
  new Fault({ code: 100, message: `(#100) The parameter ${param} is required.` });
const notValid = (details: string) =>
  new Fault({ code: 131009, message: "(#131009) Parameter value is not valid", details });
const sendApiFault = (message: string) => new Fault({ code: 100, message: `(#100) ${message}` });

function object(value: unknown, param: string): Json {
  if (!isObject(value)) throw required(param);
  return value;
}

function onlyKeys(value: Json, allowed: string[], param: string): void {
  const extra = Object.keys(value).find((key) => !allowed.includes(key));
  if (extra !== undefined) throw unexpected(extra, param);
}

function text(value: unknown, param: string, max: number, what: string): string {
  if (typeof value !== "string" || value === "") throw required(param);
  if (length(value) > max) throw notValid(`${what} length invalid. Min length: 1, Max length: ${max}`);
  return value;
}

function unique(values: string[], what: string): void {
  if (new Set(values).size !== values.length) throw notValid(`${what} must be unique`);
}

function checkReplyButtons(action: Json): OfferedChoice[] {
  onlyKeys(action, ["buttons"], "interactive['action']");
  const buttons = action.buttons;
  if (!Array.isArray(buttons) || buttons.length === 0) throw required("interactive['action']['buttons']");
  if (buttons.length > 3) throw notValid("Number of buttons must be between 1 and 3");
  const choices = buttons.map((raw, index) => {
    const param = `interactive['action']['buttons'][${index}]`;
    const button = object(raw, param);
    onlyKeys(button, ["type", "reply"], param);
    if (button.type !== "reply") throw notValid("Button type must be reply");
    const reply = object(button.reply, `${param}['reply']`);
    onlyKeys(reply, ["id", "title"], `${param}['reply']`);
    const id = text(reply.id, `${param}['reply']['id']`, 256, "Button id");
    if (id.trim() !== id) throw notValid("Button id must not have leading or trailing spaces");
    return { id, title: text(reply.title, `${param}['reply']['title']`, 20, "Button title") };
  });
  unique(
    choices.map((choice) => choice.title),
    "Button titles",
  );
  unique(
    choices.map((choice) => choice.id),
    "Button ids",
  );
  return choices;
}

function checkList(action: Json): OfferedChoice[] {
  onlyKeys(action, ["button", "sections"], "interactive['action']");
  text(action.button, "interactive['action']['button']", 20, "Button text");
  const sections = action.sections;
  if (!Array.isArray(sections) || sections.length === 0) throw required("interactive['action']['sections']");
  if (sections.length > 10) throw notValid("Number of sections must be between 1 and 10");
  const choices: OfferedChoice[] = [];
  sections.forEach((raw, index) => {
    const param = `interactive['action']['sections'][${index}]`;
    const section = object(raw, param);
    onlyKeys(section, ["title", "rows", "product_items"], param);
    if (section.title !== undefined || sections.length > 1)
      text(section.title, `${param}['title']`, 24, "Section title");
    if (!Array.isArray(section.rows) || section.rows.length === 0) throw required(`${param}['rows']`);
    section.rows.forEach((rawRow, rowIndex) => {
      const rowParam = `${param}['rows'][${rowIndex}]`;
      const row = object(rawRow, rowParam);
      onlyKeys(row, ["id", "title", "description"], rowParam);
      if (row.description !== undefined)
        text(row.description, `${rowParam}['description']`, 72, "Row description");
      choices.push({
        id: text(row.id, `${rowParam}['id']`, 200, "Row id"),
        title: text(row.title, `${rowParam}['title']`, 24, "Row title"),
      });
    });
  });
  if (choices.length > 10) throw notValid("Total row count exceed max allowed count: 10");
  unique(
    choices.map((choice) => choice.id),
    "Row ids",
  );
  return choices;
}

function checkCtaUrl(action: Json): void {
  onlyKeys(action, ["name", "parameters"], "interactive['action']");
  if (action.name !== "cta_url") throw notValid("Action name must be cta_url");
  const parameters = object(action.parameters, "interactive['action']['parameters']");
  onlyKeys(parameters, ["display_text", "url"], "interactive['action']['parameters']");
  text(parameters.display_text, "interactive['action']['parameters']['display_text']", 20, "Display text");
  if (typeof parameters.url !== "string" || !/^https?:\/\/\S+$/.test(parameters.url))
    throw notValid("Invalid URL");
}

/** Checks a WhatsApp `interactive` object; throws nothing, answers the fault instead. */
export function checkWhatsappInteractive(raw: unknown): CheckedButtons | ButtonFault {
  try {
    const interactive = object(raw, "interactive");
    onlyKeys(interactive, ["type", "header", "body", "footer", "action"], "interactive");
    const body = object(interactive.body, "interactive['body']");
    onlyKeys(body, ["text"], "interactive['body']");
    const bodyText = text(body.text, "interactive['body']['text']", 1024, "Body text");
    const action = object(interactive.action, "interactive['action']");
    switch (interactive.type) {
      case "button":
        return { text: bodyText, reply: "button_reply", choices: checkReplyButtons(action) };
      case "list":
        return { text: bodyText, reply: "list_reply", choices: checkList(action) };
      case "cta_url":
        checkCtaUrl(action);
        return { text: bodyText, reply: undefined, choices: [] };
      default:
        throw notValid(`Interactive message type ${String(interactive.type)} is not supported by this fake`);
    }
  } catch (error) {
    if (error instanceof Fault) return error.fault;
    throw error;
  }
}

function checkQuickReplies(raw: unknown): OfferedChoice[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw) || raw.length === 0)
    throw sendApiFault("param message[quick_replies] must be a non-empty array");
  if (raw.length > 13) throw sendApiFault("param message[quick_replies] must have at most 13 elements");
  return raw.flatMap((item, index) => {
    const param = `message[quick_replies][${index}]`;
    if (!isObject(item)) throw sendApiFault(`param ${param} must be an object`);
    const extra = Object.keys(item).find(
      (key) => !["content_type", "title", "payload", "image_url"].includes(key),
    );
    if (extra !== undefined) throw sendApiFault(`param ${param}[${extra}] is not a valid parameter`);
    if (item.content_type === "user_phone_number" || item.content_type === "user_email") return [];
    if (item.content_type !== "text")
      throw sendApiFault(`param ${param}[content_type] must be one of {TEXT, USER_PHONE_NUMBER, USER_EMAIL}`);
    if (typeof item.title !== "string" || item.title === "")
      throw sendApiFault(`param ${param}[title] must be a non-empty string`);
    if (length(item.title) > 20)
      throw sendApiFault(`Length of param ${param}[title] must be less than or equal to 20`);
    if (typeof item.payload !== "string" && typeof item.payload !== "number")
      throw sendApiFault(`param ${param}[payload] is required`);
    if (length(String(item.payload)) > 1000)
      throw sendApiFault(`Length of param ${param}[payload] must be less than or equal to 1000`);
    return [{ id: String(item.payload), title: item.title }];
  });
}

function checkButtonTemplate(raw: unknown): string {
  const param = "message[attachment]";
  if (!isObject(raw) || raw.type !== "template" || !isObject(raw.payload))
    throw sendApiFault(`param ${param} must be a template attachment in this fake`);
  const payload = raw.payload;
  const extra = Object.keys(payload).find((key) => !["template_type", "text", "buttons"].includes(key));
  if (extra !== undefined) throw sendApiFault(`param ${param}[payload][${extra}] is not a valid parameter`);
  if (payload.template_type !== "button") throw sendApiFault("template_type must be button in this fake");
  if (typeof payload.text !== "string" || payload.text === "")
    throw sendApiFault(`param ${param}[payload][text] is required`);
  if (length(payload.text) > 640)
    throw sendApiFault(`Length of param ${param}[payload][text] must be less than or equal to 640`);
  const buttons = payload.buttons;
  if (!Array.isArray(buttons) || buttons.length === 0 || buttons.length > 3)
    throw sendApiFault(`param ${param}[payload][buttons] must have 1 to 3 elements`);
  buttons.forEach((button, index) => {
    const buttonParam = `${param}[payload][buttons][${index}]`;
    if (!isObject(button)) throw sendApiFault(`param ${buttonParam} must be an object`);
    const allowed = button.type === "web_url" ? ["type", "url", "title"] : ["type", "title", "payload"];
    if (button.type !== "web_url" && button.type !== "postback")
      throw sendApiFault(`param ${buttonParam}[type] is invalid`);
    const unknown = Object.keys(button).find((key) => !allowed.includes(key));
    if (unknown !== undefined)
      throw sendApiFault(`param ${buttonParam}[${unknown}] is not a valid parameter`);
    if (typeof button.title !== "string" || button.title === "" || length(button.title) > 20)
      throw sendApiFault(`param ${buttonParam}[title] must be 1 to 20 characters`);
    if (button.type === "web_url" && (typeof button.url !== "string" || !/^https?:\/\/\S+$/.test(button.url)))
      throw sendApiFault(`param ${buttonParam}[url] must be a valid URL`);
  });
  return payload.text;
}

/**
 * Checks a Send API `message` with quick replies or an attachment; `undefined` for a plain
 * text message (meta-fake.ts checks those itself).
 */
export function checkSendApiButtons(message: Json): CheckedButtons | ButtonFault | undefined {
  if (message.quick_replies === undefined && message.attachment === undefined) return undefined;
  try {
    const extra = Object.keys(message).find(
      (key) => !["text", "attachment", "quick_replies", "metadata"].includes(key),
    );
    if (extra !== undefined) throw sendApiFault(`param message[${extra}] is not a valid parameter`);
    if ((message.text === undefined) === (message.attachment === undefined))
      throw sendApiFault("Must send either message text or an attachment");
    const shown = message.attachment === undefined ? message.text : checkButtonTemplate(message.attachment);
    if (typeof shown !== "string" || shown === "")
      throw sendApiFault("The parameter message[text] is required");
    const choices = checkQuickReplies(message.quick_replies);
    return { text: shown, reply: choices.length > 0 ? "quick_reply" : undefined, choices };
  } catch (error) {
    if (error instanceof Fault) return error.fault;
    throw error;
  }
}
