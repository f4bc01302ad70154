import { z } from "zod";
import { ApiError } from "../../infra/errors.js";
import type { Repos } from "../../storage/repos/index.js";
import type { IntegrationRow } from "../../storage/repos/integrations.repo.js";
import type { ToolContext } from "../../tools/tool-context.js";
import { quote, type ToolPresentation, textArg, truncate } from "../../tools/tool-presentation.js";
import type { ProvidedTool, ToolProvider } from "../../tools/tool-provider.js";
import { ToolRefusal } from "../../tools/tool-refusal.js";
import type { TemplateSender } from "./template-sender.js";
import { shapeOf } from "./template-text.js";

export const TEMPLATE_TOOL = "send_whatsapp_template";

/** Approved templates named in the tool's description, at most (the rest are still sendable). */
const LISTED_TEMPLATES = 20;

const inputSchema = z.object({
  name: z.string().min(1).max(512).describe("The template's name, as listed below."),
  language: z.string().min(1).max(40).describe("The template's language code, as listed below (e.g. en_US)."),
  parameters: z
    .object({
      header: z.array(z.string().min(1).max(1024)).max(20).optional(),
      body: z.array(z.string().min(1).max(1024)).max(100).optional(),
    })
    .optional()
    .describe("One value per placeholder of the header and of the body, in placeholder order."),
});

/** How people see the tool: "May I send you the WhatsApp template “order_update”?". */
export const TEMPLATE_TOOL_PRESENTATION: ToolPresentation = {
  title: { en: "WhatsApp template", ru: "Шаблон WhatsApp" },
  summary: {
    en: "Sends an approved WhatsApp message template into the conversation: the only message WhatsApp delivers after its 24-hour window closed.",
    ru: "Отправляет в разговор одобренный шаблон сообщения WhatsApp: только такое сообщение WhatsApp доставит после закрытия 24-часового окна.",
  },
  ask: (args, language) => {
    const name = textArg(args, "name");
    const which = name ? ` ${quote(name, language, 80)}` : "";
    return language === "ru"
      ? `отправить вам шаблон WhatsApp${which}`
      : `send you the WhatsApp template${which}`;
  },
};

/** Newest first: the tool's source names the newest active WhatsApp integration. */
const newestFirst = (a: IntegrationRow, b: IntegrationRow) =>
  b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id);

/**
 * The bot's `send_whatsapp_template` (docs/channels.md, "Templates"): offered while the project
 * has an active WhatsApp integration, under the approval policies of `ai.tools` like every
 * tool. A call sends into the conversation it runs in, only a WhatsApp one, from the templates
 * stored for that conversation's integration; the message is the bot's. Its description lists
 * the approved templates with what they take, so the model can fill them in.
 */
export function whatsappTemplateTools(deps: { repos: Repos; sender: TemplateSender }): ToolProvider {
  const whatsappIntegrations = async (projectId: string) =>
    (await deps.repos.integrations.listByProject(projectId)).filter((row) => row.vendor === "whatsapp");
  return {
    async tools(projectId) {
      const active = (await whatsappIntegrations(projectId)).filter((row) => row.status === "active");
      const newest = active.sort(newestFirst)[0];
      if (!newest) return [];
      return [templateTool(deps, newest, await approvedList(deps.repos, active))];
    },
    async knownNames(projectId) {
      return (await whatsappIntegrations(projectId)).length > 0 ? [TEMPLATE_TOOL] : [];
    },
  };
}

/** "- order_update (en_US): body 2 values — “Hi {{1}}, your order {{2}} has shipped.”" lines. */
async function approvedList(repos: Repos, integrations: IntegrationRow[]): Promise<string> {
  const lines: string[] = [];
  for (const integration of integrations) {
    for (const row of await repos.whatsappTemplates.list(integration.id, { status: "APPROVED" })) {
      const shape = shapeOf(JSON.parse(row.components) as unknown[]);
      if (shape.mediaHeader !== null || lines.length >= LISTED_TEMPLATES) continue;
      const header = shape.header?.parameters.length ?? 0;
      const takes = `${header > 0 ? `header ${header} value(s), ` : ""}body ${shape.body.parameters.length} value(s)`;
      lines.push(`- ${row.name} (${row.language}): ${takes}: "${truncate(shape.body.text, 160)}"`);
    }
  }
  return lines.length > 0 ? lines.join("\n") : "(none synced yet)";
}

function templateTool(
  deps: { repos: Repos; sender: TemplateSender },
  integration: IntegrationRow,
  approved: string,
): ProvidedTool {
  return {
    name: TEMPLATE_TOOL,
    description:
      "Sends an approved WhatsApp message template to the person in this conversation. WhatsApp delivers " +
      "free text only within 24 hours of the person's last message; after that only a template reaches them. " +
      "Only in WhatsApp conversations. Give one value per placeholder ({{1}}, {{2}} …) of the header and the " +
      `body, in order. Approved templates:\n${approved}`,
    presentation: TEMPLATE_TOOL_PRESENTATION,
    inputSchema,
    source: { kind: "integration", integration_id: integration.id, vendor: "whatsapp" },
    execute: (input, context) => sendFromTool(deps, inputSchema.parse(input), context),
  };
}

async function sendFromTool(
  deps: { repos: Repos; sender: TemplateSender },
  input: z.infer<typeof inputSchema>,
  context: ToolContext,
): Promise<{ sent: true; message_id: string; text: string }> {
  const thread = await deps.repos.threads.find(context.projectId, context.threadId);
  if (!thread) throw new ToolRefusal("This conversation has no thread to send into.");
  try {
    const prepared = await deps.sender.prepare(thread, input);
    const message = await deps.sender.store(context.projectId, thread.id, prepared, { author: "bot" });
    if (!message) throw new ToolRefusal("The conversation is gone; nothing was sent.");
    return { sent: true, message_id: message.id, text: message.content };
  } catch (error) {
    // What the API would answer with a 4xx is what the model reads and can act on.
    if (error instanceof ApiError) throw new ToolRefusal(error.message);
    throw error;
  }
}
