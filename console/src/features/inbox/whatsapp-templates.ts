import { api } from "../../api/client";
import type { Message, Scheduled } from "./types";

/** WhatsApp message templates (docs/channels.md, "Templates"): the calls and the preview. */

const enc = encodeURIComponent;

export interface WhatsappTemplate {
  id: string;
  integration_id: string;
  name: string;
  language: string;
  category: string;
  status: string;
  components: Array<{ type?: string; format?: string; text?: string; buttons?: Array<{ text?: string }> }>;
  parameters: { header: string[]; body: string[] };
  sendable: boolean;
  synced_at: string;
}

export interface TemplateValues {
  header: string[];
  body: string[];
}

export const templateKeys = {
  list: (integrationId: string) => ["whatsapp-templates", integrationId] as const,
};

export const listWhatsappTemplates = (integrationId: string) =>
  api<WhatsappTemplate[]>(`/integrations/${enc(integrationId)}/whatsapp_templates`, {
    query: { status: "APPROVED" },
  });

export const syncWhatsappTemplates = (integrationId: string) =>
  api<{ synced: number; synced_at: string; templates: WhatsappTemplate[] }>(
    `/integrations/${enc(integrationId)}/whatsapp_templates/sync`,
    { method: "POST" },
  );

/** 200 with the Message, or 202 `Scheduled` with `scheduledAt`. */
export const sendWhatsappTemplate = (
  threadId: string,
  template: Pick<WhatsappTemplate, "name" | "language">,
  values: TemplateValues,
) =>
  api<Message | Scheduled>(`/threads/${enc(threadId)}/template`, {
    method: "POST",
    body: { name: template.name, language: template.language, parameters: values },
  });

const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;

function partText(template: WhatsappTemplate, type: string): string | undefined {
  const part = template.components.find((component) => component.type?.toUpperCase() === type);
  return part?.text;
}

function fill(text: string, names: string[], values: string[]): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    const index = names.indexOf(name);
    const value = index >= 0 ? values[index] : undefined;
    return value ? value : whole;
  });
}

/**
 * The text the customer will read, as the server stores it: header, body and footer as
 * paragraphs, the buttons' labels in brackets; a value not filled in yet shows its placeholder.
 */
export function previewTemplate(template: WhatsappTemplate, values: TemplateValues): string {
  const buttons = template.components
    .filter((component) => component.type?.toUpperCase() === "BUTTONS")
    .flatMap((component) => component.buttons ?? [])
    .map((button) => (button.text ? `[${button.text}]` : ""))
    .join(" ");
  return [
    fill(partText(template, "HEADER") ?? "", template.parameters.header, values.header),
    fill(partText(template, "BODY") ?? "", template.parameters.body, values.body),
    partText(template, "FOOTER") ?? "",
    buttons,
  ]
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== "")
    .join("\n\n");
}

/** Whether every placeholder has a value. */
export function valuesComplete(template: WhatsappTemplate, values: TemplateValues): boolean {
  const filled = (names: string[], given: string[]) =>
    names.every((_, index) => (given[index] ?? "").trim() !== "");
  return filled(template.parameters.header, values.header) && filled(template.parameters.body, values.body);
}
