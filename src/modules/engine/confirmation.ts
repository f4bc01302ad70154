import type { Language } from "../../tools/tool-presentation.js";

/**
 * The end user's side of `user_approve`: the bot asks in the user's language, and the user's
 * next message decides. Only a clear yes approves and only a clear no rejects; anything else
 * cancels the action and is answered as a normal message.
 */
export type { Language };

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

/** How each language asks: the action (tool-wording.ts `askPhrase`) goes where `{action}` is. */
const QUESTIONS: Readonly<Record<Language, string>> = {
  en: "May I {action} — reply “yes” or “no”.",
  ru: "Можно {action} — ответьте «да» или «нет».",
};

/**
 * The question the bot sends before a `user_approve` tool runs: a short question naming the
 * action and its key arguments, answered with the language's yes or no (the words above). It
 * ends with "reply “yes”" / "ответьте «да»", which the web widget looks for to offer its Yes /
 * No buttons (widget/src/conversation.ts `approvalLanguage`).
 */
export function confirmationQuestion(action: string, language: Language): string {
  return QUESTIONS[language].replace("{action}", action.trim());
}

/** The Yes / No buttons under a confirmation question: their labels are the language's clear yes and no. */
const ANSWERS: Readonly<Record<Language, readonly [string, string]>> = {
  en: ["Yes", "No"],
  ru: ["Да", "Нет"],
};

export function confirmationButtons(language: Language): Array<{ label: string }> {
  return ANSWERS[language].map((label) => ({ label }));
}
