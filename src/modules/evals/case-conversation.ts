import type { MessageFeedback } from "../../storage/repos/message-feedback.repo.js";
import type { MessageRow } from "../../storage/repos/messages.repo.js";
import { CASE_LIMITS, type CaseMessage, type Expectation } from "./schemas.js";

/**
 * A stored conversation as a case's messages (docs/quality.md, "Evaluations"): the person's and
 * the replies' text (the bot's and operators'), tool steps left out, each cut to the case's
 * limit; the last CASE_LIMITS.messages of them, ending with the last user message. Empty when
 * there is no user message.
 */
export function caseMessagesOf(rows: readonly MessageRow[]): CaseMessage[] {
  const spoken = rows
    .filter((row) => (row.role === "user" || row.role === "assistant") && row.content.trim() !== "")
    .map(
      (row): CaseMessage => ({
        role: row.role === "user" ? "user" : "assistant",
        content: row.content.slice(0, CASE_LIMITS.contentChars),
      }),
    );
  let end = spoken.length;
  while (end > 0 && spoken[end - 1]!.role !== "user") end--;
  return spoken.slice(Math.max(0, end - CASE_LIMITS.messages), end);
}

/** A case's default name: the last thing the person said, cut to one line. */
export function caseNameOf(messages: readonly CaseMessage[], prefix: string): string {
  const last = messages.at(-1)?.content.replace(/\s+/g, " ").trim() ?? "";
  const name = `${prefix}: ${last}`;
  return name.length > 80 ? `${name.slice(0, 79).trimEnd()}…` : name;
}

/** Criteria are cut to their limit with room for the quoted text. */
const clip = (value: string, room: number) => (value.length > room ? `${value.slice(0, room - 1)}…` : value);

/**
 * What feedback on a bot's answer expects of a better one (docs/quality.md, "Evaluations"): a
 * 👎 with a correction, a rubric that the reply says what the correction says (the newest
 * correction counts); a 👎 with only comments, that it avoids what they found wrong in the
 * rated answer; 👍 only, that it says what the rated answer said.
 */
export function feedbackExpectations(
  feedback: readonly MessageFeedback[],
  ratedAnswer: string,
): Expectation[] {
  const newestFirst = [...feedback].sort((a, b) => b.updated_at.localeCompare(a.updated_at));
  const corrected = newestFirst.find((f) => f.rating === "down" && f.correction);
  const room = CASE_LIMITS.textChars - 200;
  if (corrected?.correction) {
    return [
      { type: "rubric", criteria: `Says what this better answer says: ${clip(corrected.correction, room)}` },
    ];
  }
  const down = newestFirst.filter((f) => f.rating === "down");
  if (down.length > 0) {
    const comments = down.flatMap((f) => (f.comment ? [f.comment] : []));
    const why = comments.length > 0 ? ` What was wrong with it: ${comments.join(" / ")}` : "";
    return [
      {
        type: "rubric",
        criteria: clip(`Answers better than this answer, which was rated bad: "${ratedAnswer}".${why}`, room),
      },
    ];
  }
  return [
    { type: "rubric", criteria: clip(`Says what this answer, rated good, says: ${ratedAnswer}`, room) },
  ];
}
