import { generateText } from "ai";
import type { Repos } from "../../storage/repos/index.js";
import { readBotSettings } from "../bots/index.js";
import { answeringVersion } from "./answering-version.js";
import type { ModelRegistry } from "./model-registry.js";

const MAX_TITLE_CHARS = 80;

/** A model's answer as a one-line title: no quotes, no trailing period, bounded. */
export function cleanTitle(raw: string): string {
  const line = raw.split("\n").find((l) => l.trim() !== "") ?? "";
  const cleaned = line
    .trim()
    .replace(/^(title|заголовок)\s*:\s*/i, "")
    .replace(/^["'«“”*#\s]+|["'»“”*\s.]+$/g, "")
    .trim();
  return cleaned.length > MAX_TITLE_CHARS ? `${cleaned.slice(0, MAX_TITLE_CHARS - 1).trimEnd()}…` : cleaned;
}

/**
 * Titles a thread from its first exchange (ai.memory.generateTitle), in a background job, with
 * the bot's own model; an existing title is never replaced. Returns the title, or null when
 * there is nothing to do.
 */
export async function generateThreadTitle(
  deps: {
    repos: Repos;
    registry: ModelRegistry;
    defaultModel: string;
  },
  projectId: string,
  threadId: string,
): Promise<string | null> {
  const thread = await deps.repos.threads.find(projectId, threadId);
  if (!thread || thread.title) return null;
  const context = await deps.repos.answerContext(projectId, thread.chat_id);
  if (!context) return null;
  // A draft chat is titled by the draft's model (docs/quality.md, "Versions").
  const settings = readBotSettings((await answeringVersion(deps.repos, context)).settings, deps.defaultModel);
  const history = await deps.repos.messages.listByThread(projectId, threadId);
  const firstUser = history.find((m) => m.role === "user");
  const firstReply = history.find((m) => m.role === "assistant" && m.content !== "");
  if (!firstUser || !firstReply) return null;
  const { model, prepare } = deps.registry.resolve(settings.ai.model.id);
  await prepare?.();
  const result = await generateText({
    model,
    maxRetries: 2,
    system:
      "You write titles for conversations. Answer with the title only: at most six words, " +
      "in the language of the conversation, no quotes, no final period.",
    prompt: `User: ${firstUser.content.slice(0, 2000)}\nAssistant: ${firstReply.content.slice(0, 2000)}\n\nTitle:`,
  });
  const title = cleanTitle(result.text);
  if (!title) return null;
  await deps.repos.threads.setTitleIfUnset(projectId, threadId, title);
  return title;
}
