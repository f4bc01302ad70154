import { generateText, type LanguageModel } from "ai";
import type { Judge, Verdict } from "./expectations.js";
import type { CaseMessage } from "./schemas.js";

const JUDGE_SYSTEM =
  "You evaluate one reply of a customer-facing assistant against a criterion. You are given the " +
  "conversation before the reply, the reply, and the criterion. Decide whether the reply meets the " +
  "criterion; judge only that. Answer with one JSON object and nothing else: " +
  '{"pass": true or false, "reason": "one short sentence"}.';

/** At most this many characters of the judge's answer are read. */
const MAX_ANSWER_CHARS = 20_000;

/**
 * The rubric judge (docs/quality.md, "Evaluations"): the judge model is asked, in one call
 * (no retries, within the model timeout), whether the reply meets the criteria, and answers with a JSON verdict, read
 * leniently (the first JSON object in its text that has a boolean `pass`).
 */
export function modelJudge(model: LanguageModel, timeoutMs: number): Judge {
  return async (criteria, conversation, reply) => {
    const result = await generateText({
      model,
      maxRetries: 0,
      abortSignal: AbortSignal.timeout(timeoutMs),
      system: JUDGE_SYSTEM,
      prompt: judgePrompt(criteria, conversation, reply),
    });
    return readVerdict(result.text);
  };
}

function judgePrompt(criteria: string, conversation: CaseMessage[], reply: string): string {
  const lines = conversation.map((m) => `${m.role === "user" ? "User" : "Assistant"}: ${m.content}`);
  return [
    "Conversation:",
    ...lines,
    "",
    "Reply to evaluate:",
    reply || "(the assistant wrote no text)",
    "",
    "Criterion:",
    criteria,
  ].join("\n");
}

/** The first JSON object in `text` with a boolean `pass`; otherwise what was read instead. */
export function readVerdict(text: string): Verdict {
  const answer = text.slice(0, MAX_ANSWER_CHARS);
  for (let start = answer.indexOf("{"); start !== -1; start = answer.indexOf("{", start + 1)) {
    const end = closingBrace(answer, start);
    if (end === -1) break;
    try {
      const parsed = JSON.parse(answer.slice(start, end + 1)) as unknown;
      if (parsed && typeof parsed === "object" && typeof (parsed as { pass?: unknown }).pass === "boolean") {
        const { pass, reason } = parsed as { pass: boolean; reason?: unknown };
        return { pass, reason: typeof reason === "string" ? reason : "" };
      }
    } catch {
      // Not JSON from here: the next brace may start it.
    }
  }
  return { unreadable: answer.trim() || "(an empty answer)" };
}

/** The index of the brace closing the object opened at `start` (strings skipped), or -1. */
function closingBrace(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const char = text[i];
    if (inString) {
      if (char === "\\") i++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === "{") depth++;
    else if (char === "}" && --depth === 0) return i;
  }
  return -1;
}
