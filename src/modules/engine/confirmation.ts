/**
 * The end user's side of `user_approve`: the bot asks in the user's language, and the user's
 * next message decides. Only a clear yes approves and only a clear no rejects; anything else
 * cancels the action and is answered as a normal message.
 */
export type Language = "en" | "ru";

const YES = new Set([
  "yes",
  "y",
  "yeah",
  "yep",
  "yup",
  "sure",
  "ok",
  "okay",
  "confirm",
  "confirmed",
  "go",
  "go ahead",
  "do it",
  "please do",
  "approve",
  "approved",
  "да",
  "ага",
  "угу",
  "конечно",
  "подтверждаю",
  "подтвердить",
  "давай",
  "давайте",
  "ок",
  "хорошо",
  "согласен",
  "согласна",
  "делай",
  "да, конечно",
  "да, давай",
]);
const NO = new Set([
  "no",
  "n",
  "nope",
  "nah",
  "cancel",
  "stop",
  "don't",
  "do not",
  "reject",
  "нет",
  "не",
  "не надо",
  "неа",
  "отмена",
  "отменить",
  "отмени",
  "стоп",
  "не нужно",
  "нет, спасибо",
  "no thanks",
  "no, thanks",
]);

function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/[!.?,;:…"«»'’`*]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}

export function classifyConfirmation(text: string): "yes" | "no" | "other" {
  const answer = normalise(text);
  if (YES.has(answer)) return "yes";
  if (NO.has(answer)) return "no";
  return "other";
}

/** Russian when the text is mostly Cyrillic; English otherwise. */
export function detectLanguage(text: string): Language {
  const letters = text.match(/\p{L}/gu) ?? [];
  const cyrillic = letters.filter((c) => /\p{Script=Cyrillic}/u.test(c)).length;
  return letters.length > 0 && cyrillic / letters.length > 0.5 ? "ru" : "en";
}

function describeArgs(args: unknown): string {
  if (!args || typeof args !== "object") return "";
  const entries = Object.entries(args as Record<string, unknown>)
    .filter(([, value]) => value !== undefined && value !== null && value !== "")
    .map(([key, value]) => `${key}: ${typeof value === "string" ? value : JSON.stringify(value)}`);
  const text = entries.join("; ");
  return text.length > 300 ? `${text.slice(0, 299)}…` : text;
}

/** The question the bot sends before a `user_approve` tool runs. */
export function confirmationQuestion(toolDescription: string, args: unknown, language: Language): string {
  const details = describeArgs(args);
  if (language === "ru") {
    return `Прежде чем продолжить, подтвердите действие: ${toolDescription}${details ? ` (${details})` : ""}. Ответьте «да», чтобы продолжить, или «нет», чтобы отменить.`;
  }
  return `Before I go ahead, please confirm: ${toolDescription}${details ? ` (${details})` : ""}. Reply "yes" to continue or "no" to cancel.`;
}
