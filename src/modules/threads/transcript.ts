import { buttonsAsText } from "../../events/buttons.js";
import type { Message, ThreadDetail } from "./schemas.js";

/**
 * A conversation as a person reads it (docs/conversations.md, "Exporting conversations"): a
 * header, then one block per message with its time (UTC) and author, its buttons, attachments and sent files named. Tool
 * steps (tool results, an assistant's call without text) are left out: they are not what was said.
 * Private notes live in their own table and never reach a transcript.
 */
export function transcriptText(
  thread: ThreadDetail,
  messages: readonly Message[],
  exportedAt: string,
): string {
  const person = thread.person;
  const lines = [
    `Conversation ${thread.id}${thread.title ? ` — ${thread.title}` : ""}`,
    `Customer: ${person ? (person.name ?? "(no name)") : "(unknown)"}${person ? ` (${person.id})` : ""}`,
    `Chat: ${thread.chat_id}${person?.channel ? ` (${person.channel})` : ""}`,
    `Started: ${utc(thread.created_at)}`,
    `Exported: ${utc(exportedAt)}`,
    "",
  ];
  for (const message of messages) {
    if (message.role === "tool") continue;
    const attachments = message.attachments ?? [];
    const files = message.files ?? [];
    if (message.content === "" && attachments.length === 0 && files.length === 0) continue;
    lines.push(`[${utc(message.created_at)}] ${authorOf(message, person?.name ?? null)}:`);
    if (message.content !== "") for (const line of message.content.split(/\r?\n/)) lines.push(`  ${line}`);
    // Buttons offered under it, as they read: "[Yes] [No]" (docs/channels.md, "Buttons").
    if (message.buttons && message.buttons.length > 0) lines.push(`  ${buttonsAsText(message.buttons)}`);
    for (const attachment of attachments) {
      const name = attachment.fileName ?? attachment.caption ?? attachment.url ?? "";
      lines.push(`  [${attachment.kind}${name ? `: ${name}` : ""}]`);
    }
    // Pictures and files the message sent (docs/channels.md, "Files").
    for (const file of files)
      lines.push(`  [${file.kind}: ${file.name}${file.caption ? ` — ${file.caption}` : ""}]`);
    lines.push("");
  }
  return `${lines.join("\n")}`;
}

function authorOf(message: Message, customerName: string | null): string {
  switch (message.author) {
    case "user":
      return customerName ? `Customer (${customerName})` : "Customer";
    case "bot":
      return "Bot";
    default:
      return message.operator ? `Operator (${message.operator.name})` : "Operator";
  }
}

/** `2026-11-29T09:01:02.345Z` → `2026-11-29 09:01:02 UTC`. */
function utc(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;
}

/**
 * A value as a CSV field (RFC 4180): empty for null, quoted when it holds a comma, quote or line
 * break. A text that a spreadsheet would run as a formula (starting with = + - @, or a tab or
 * carriage return) is prefixed with `'` (OWASP, "CSV injection"); numbers are written as they are.
 */
export function csvField(value: number | string | null | undefined): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A CSV line (CRLF-terminated) of fields. */
export function csvLine(fields: ReadonlyArray<number | string | null | undefined>): string {
  return `${fields.map(csvField).join(",")}\r\n`;
}

/** A download's file name: only characters every browser and shell keep as they are. */
export function downloadName(base: string, extension: string): string {
  return `${base.replace(/[^A-Za-z0-9._-]/g, "-")}.${extension}`;
}
