/**
 * How a customer's message answers a CSAT survey (docs/csat.md, "Answering"): a number 1–5 or
 * one of the five faces at its start, anything after it the comment. "4 thanks!" is 4 with the
 * comment "thanks!"; "4.5", "45" or "I'd say 4" are no rating.
 */

/** 😞 🙁 😐 🙂 😍: 1 to 5. */
export const CSAT_EMOJI = ["😞", "🙁", "😐", "🙂", "😍"] as const;

export type CsatScale = "1-5" | "emoji";

/** What separates the rating from its comment (spaces, punctuation, a "/5"). */
const AFTER_RATING = /^(\s*\/\s*5)?[\s.,!:;)\-–—]*/u;

export function parseRating(text: string): { rating: number; comment: string | null } | undefined {
  const trimmed = text.trim();
  let rating: number | undefined;
  let rest = "";
  const digit = /^([1-5])(?![\d.,]\d|\d)/u.exec(trimmed);
  if (digit) {
    rating = Number(digit[1]);
    rest = trimmed.slice(1);
  } else {
    const index = CSAT_EMOJI.findIndex((face) => trimmed.startsWith(face));
    if (index === -1) return undefined;
    rating = index + 1;
    // The face may carry a variation selector.
    rest = trimmed.slice((CSAT_EMOJI[index] as string).length).replace(/^\uFE0F/u, "");
  }
  const comment = rest.replace(AFTER_RATING, "").trim();
  return { rating, comment: comment === "" ? null : comment };
}

/** The built-in question, per language, when the project sets none. */
const DEFAULT_QUESTION: Record<string, string> = {
  en: "How would you rate this conversation?",
  ru: "Как вы оцените этот разговор?",
};

const HOW_TO_ANSWER: Record<CsatScale, Record<string, string>> = {
  "1-5": {
    en: "Reply with a number from 1 (bad) to 5 (great); you can add a comment after it.",
    ru: "Ответьте числом от 1 (плохо) до 5 (отлично); после него можно добавить комментарий.",
  },
  emoji: {
    en: `Reply with one of ${CSAT_EMOJI.join(" ")} (bad to great); you can add a comment after it.`,
    ru: `Ответьте одним из ${CSAT_EMOJI.join(" ")} (от плохо до отлично); после него можно добавить комментарий.`,
  },
};

const THANKS: Record<string, string> = {
  en: "Thank you for your rating!",
  ru: "Спасибо за оценку!",
};

/** The survey message: the project's question in the customer's language (or its `default`), and how to answer. */
export function surveyText(
  question: Readonly<Record<string, string>> | null,
  scale: CsatScale,
  language: string,
): string {
  const asked =
    question?.[language] ?? question?.default ?? DEFAULT_QUESTION[language] ?? DEFAULT_QUESTION.en;
  const how = HOW_TO_ANSWER[scale][language] ?? HOW_TO_ANSWER[scale].en;
  return `${asked}\n${how}`;
}

/**
 * The survey's buttons: the numbers 1–5 or the five faces, each a reply whose label is itself a
 * rating, so a press answers through the same parsing as a typed answer.
 */
export function ratingButtons(scale: CsatScale): Array<{ label: string }> {
  const labels = scale === "emoji" ? [...CSAT_EMOJI] : ["1", "2", "3", "4", "5"];
  return labels.map((label) => ({ label }));
}

/** The bot's thanks after a rating given by message. */
export function thanksText(language: string): string {
  return THANKS[language] ?? (THANKS.en as string);
}
