import type { Repos } from "../../../storage/repos/index.js";

/**
 * Whether the bot answering in a chat writes Markdown, read from the settings that answer there
 * (the draft's in a chat that asks for the draft): false when they set
 * `ai.formatting.removeMarkdown`, whose text is already plain (docs/channels.md, "Formatting").
 * Read from the stored JSON, as the engine reads it, without the bots module (integrations
 * import no other module).
 */
export async function botWritesMarkdown(repos: Repos, projectId: string, chatId: string): Promise<boolean> {
  const context = await repos.answerContext(projectId, chatId);
  if (!context) return true;
  let settings = context.botSettings;
  if (context.chatBotVersion === "draft" && context.botDraftVersion !== null) {
    settings = (await repos.botVersions.find(context.botId, context.botDraftVersion))?.settings ?? settings;
  }
  try {
    const stored = JSON.parse(settings) as { ai?: { formatting?: { removeMarkdown?: unknown } } };
    return stored.ai?.formatting?.removeMarkdown !== true;
  } catch {
    return true;
  }
}
