import type { OutboundButton, TextLimit } from "../contract/channel.js";
import { permanentFailure } from "../contract/channel-error.js";

export interface ReplyButton {
  id: string;
  label: string;
}

export interface LinkButton {
  url: string;
  label: string;
}

/**
 * A message's buttons by kind, in their order. A reply button without an id or a link without a
 * url cannot be sent (the channel contract requires them): a permanent `invalid_buttons`.
 */
export function sortButtons(buttons: readonly OutboundButton[]): {
  replies: ReplyButton[];
  links: LinkButton[];
} {
  const replies: ReplyButton[] = [];
  const links: LinkButton[] = [];
  for (const button of buttons) {
    if (button.kind === "reply" && button.id) replies.push({ id: button.id, label: button.label });
    else if (button.kind === "link" && button.url) links.push({ url: button.url, label: button.label });
    else throw permanentFailure("invalid_buttons", "A reply button needs an id and a link button a url.");
  }
  return { replies, links };
}

/** Links the vendor cannot show as buttons, written under the text as `label: url` lines. */
export function withLinkLines(text: string, links: readonly LinkButton[]): string {
  if (links.length === 0) return text;
  return [text, links.map((link) => `${link.label}: ${link.url}`).join("\n")].filter(Boolean).join("\n\n");
}

/** Whether a text is within every one of the limits. */
export type Fits = (text: string) => boolean;

export function within(...limits: TextLimit[]): Fits {
  return (text) =>
    limits.every((limit) => {
      const length =
        limit.unit === "bytes"
          ? Buffer.byteLength(text, "utf8")
          : limit.unit === "utf16"
            ? text.length
            : [...text].length;
      return length <= limit.max;
    });
}

/**
 * Cuts `text` so that what follows the cut fits: the shortest tail that fits is found, then
 * the cut moves forward to the first line break (else space) in the first half of that tail,
 * so a word is not cut where a boundary is near. Whitespace at the cut is dropped.
 */
function cutTail(text: string, fits: Fits): [head: string, tail: string] {
  const points = [...text];
  let low = 0;
  let high = points.length;
  while (low < high) {
    const mid = Math.floor((low + high) / 2);
    if (fits(points.slice(mid).join(""))) high = mid;
    else low = mid + 1;
  }
  const start = Math.min(low, points.length - 1);
  const half = start + Math.floor((points.length - start) / 2);
  const boundary = (pattern: RegExp) => {
    for (let index = start; index <= half; index += 1) if (pattern.test(points[index] ?? "")) return index;
    return -1;
  };
  const lineBreak = boundary(/\n/);
  const cut = lineBreak >= 0 ? lineBreak : Math.max(boundary(/\s/), start);
  return [points.slice(0, cut).join("").trimEnd(), points.slice(cut).join("").trim()];
}

/**
 * A text as the messages that carry it when the buttons' message holds less than a plain one
 * (a WhatsApp interactive body: 1024 characters; a Messenger button template: 640): the last
 * part fits `fitsLast` and goes with the buttons, the parts before it fit `fitsPart` and go
 * first as plain text messages (docs/channels.md, "Meta"). A text that fits is one part.
 */
export function partsBeforeButtons(text: string, fitsLast: Fits, fitsPart: Fits): string[] {
  let [head, tail] = fitsLast(text) ? ["", text] : cutTail(text, fitsLast);
  const parts = [tail];
  while (head !== "") {
    [head, tail] = fitsPart(head) ? ["", head] : cutTail(head, fitsPart);
    parts.unshift(tail);
  }
  return parts;
}
