import type { TemplatePayload } from "../../vendors/contract/channel.js";
import { asArray, asObject, asString } from "../../vendors/meta/untrusted-json.js";

/**
 * A stored template's text parts and the parameters each takes (docs/channels.md, "Templates").
 * Meta writes parameters as `{{1}}`, `{{2}}` (positional) or `{{first_name}}` (named); the values
 * are given in order of first appearance. Only a `TEXT` header takes parameters here; a media
 * header (image, video, document) needs a media parameter this service does not send.
 */
export interface TemplateShape {
  header: { text: string; parameters: string[] } | null;
  /** A header of another format (`IMAGE`, `VIDEO`, `DOCUMENT`, `LOCATION`): the template cannot be sent. */
  mediaHeader: string | null;
  body: { text: string; parameters: string[] };
  footer: string | null;
  /** The buttons' labels, shown in the rendered text. */
  buttons: string[];
}

export type TemplateParameters = { header?: string[]; body?: string[] };

const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;

/** The distinct placeholders of a text: positional ones by number, named ones in order of first appearance. */
export function placeholdersOf(text: string): string[] {
  const names = [...new Set([...text.matchAll(PLACEHOLDER)].map((match) => match[1] ?? ""))];
  return names.every((name) => /^\d+$/.test(name)) ? names.sort((a, b) => Number(a) - Number(b)) : names;
}

/** Reads Meta's components (`[{type: "BODY", text}, {type: "HEADER", format, text}, …]`). */
export function shapeOf(components: unknown[]): TemplateShape {
  const shape: TemplateShape = {
    header: null,
    mediaHeader: null,
    body: { text: "", parameters: [] },
    footer: null,
    buttons: [],
  };
  for (const item of components) {
    const component = asObject(item);
    const type = asString(component?.type)?.toUpperCase();
    const text = asString(component?.text) ?? "";
    if (type === "HEADER") {
      const format = (asString(component?.format) ?? "TEXT").toUpperCase();
      if (format === "TEXT") shape.header = { text, parameters: placeholdersOf(text) };
      else shape.mediaHeader = format;
    } else if (type === "BODY") {
      shape.body = { text, parameters: placeholdersOf(text) };
    } else if (type === "FOOTER") {
      shape.footer = text;
    } else if (type === "BUTTONS") {
      for (const button of asArray(component?.buttons)) {
        const label = asString(asObject(button)?.text);
        if (label) shape.buttons.push(label);
      }
    }
  }
  return shape;
}

/** A wrong number of values for a part: the part, what it takes and what was given. */
export interface ParameterMismatch {
  part: "header" | "body";
  expected: number;
  given: number;
}

/** Where the given values do not match the template's parameters (empty: they match). */
export function parameterMismatches(shape: TemplateShape, given: TemplateParameters): ParameterMismatch[] {
  const mismatches: ParameterMismatch[] = [];
  const parts = [
    ["header", shape.header?.parameters.length ?? 0, given.header?.length ?? 0],
    ["body", shape.body.parameters.length, given.body?.length ?? 0],
  ] as const;
  for (const [part, expected, count] of parts) {
    if (expected !== count) mismatches.push({ part, expected, given: count });
  }
  return mismatches;
}

function fill(text: string, names: string[], values: string[] | undefined): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    const index = names.indexOf(name);
    return index >= 0 ? (values?.[index] ?? whole) : whole;
  });
}

/**
 * The text people see for the template with its values: header, body and footer as paragraphs,
 * then the buttons' labels in brackets. It is the stored message's content (what the inbox,
 * the transcript and the model read).
 */
export function renderTemplate(shape: TemplateShape, given: TemplateParameters): string {
  const paragraphs = [
    shape.header ? fill(shape.header.text, shape.header.parameters, given.header) : "",
    fill(shape.body.text, shape.body.parameters, given.body),
    shape.footer ?? "",
    shape.buttons.map((label) => `[${label}]`).join(" "),
  ];
  return paragraphs
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== "")
    .join("\n\n");
}

/**
 * The `template` object of the send request: the components with parameters, each value a
 * `text` parameter, named ones with `parameter_name` (Meta's named-parameter form; unconfirmed
 * beyond its public docs and SDKs).
 */
export function payloadOf(
  name: string,
  language: string,
  shape: TemplateShape,
  given: TemplateParameters,
): TemplatePayload {
  const components: TemplatePayload["components"] = [];
  const parts = [
    ["header", shape.header?.parameters ?? [], given.header ?? []],
    ["body", shape.body.parameters, given.body ?? []],
  ] as const;
  for (const [type, names, values] of parts) {
    if (names.length === 0) continue;
    const named = names.some((parameter) => !/^\d+$/.test(parameter));
    components.push({
      type,
      parameters: values.map((text, index) => ({
        type: "text" as const,
        text,
        ...(named ? { parameter_name: names[index] ?? "" } : {}),
      })),
    });
  }
  return { name, language, components };
}
