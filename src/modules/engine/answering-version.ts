import type { AnswerContext } from "../../storage/repos/answer-context.repo.js";
import type { Repos } from "../../storage/repos/index.js";

/**
 * The settings that answer in a chat, as stored, with their version number (docs/quality.md,
 * "Versions"): the published ones, or the draft's in a chat that asks for the draft (the
 * published ones while the bot has no draft, or when the draft's row is gone).
 */
export async function answeringVersion(
  repos: Repos,
  context: Pick<
    AnswerContext,
    "botId" | "botSettings" | "botPublishedVersion" | "botDraftVersion" | "chatBotVersion"
  >,
): Promise<{ settings: string; version: number }> {
  if (context.chatBotVersion === "draft" && context.botDraftVersion !== null) {
    const draft = await repos.botVersions.find(context.botId, context.botDraftVersion);
    if (draft) return { settings: draft.settings, version: draft.version };
  }
  return { settings: context.botSettings, version: context.botPublishedVersion };
}
