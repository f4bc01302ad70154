import type { MessageRow } from "../../storage/repos/messages.repo.js";
import { INSUFFICIENT_CREDITS_REASON } from "./answer-policy.js";

export type ReplyFinishReason = "stop" | "length" | "tool-calls";

/** How a turn ended. */
export type TurnOutcome =
  | {
      kind: "replied";
      message: MessageRow;
      /** Every message the reply stored (tool steps and the final one), oldest first. */
      messageIds: string[];
      finishReason: ReplyFinishReason;
      /** The model and the tokens this turn's model calls used (what the reply is billed by). */
      modelId: string;
      usage: { inputTokens: number; outputTokens: number };
    }
  | { kind: "already-answered"; message: MessageRow | undefined }
  | { kind: "not-answering"; reason: string }
  | {
      kind: "failed";
      code: string;
      /** For anyone, the widget's visitors included: what failed and what to do. */
      message: string;
      /**
       * The technical reason, for the API's clients, the operators and the log only (never a
       * widget visitor): `connect ECONNREFUSED 127.0.0.1:4609`, `HTTP 401 from api.openai.com: …`.
       */
      cause?: string;
      /** Model calls the turn made (retries included). */
      attempts: number;
      /**
       * The job runs again later (it has attempts left and the failure may pass): not a give-up
       * yet. Otherwise the give-up is recorded (docs/conversations.md, "Failed replies").
       */
      retryLater: boolean;
    };

export type FailedTurn = Extract<TurnOutcome, { kind: "failed" }>;

export const failed = (code: string, message: string, cause?: string): FailedTurn => ({
  kind: "failed",
  code,
  message,
  ...(cause ? { cause } : {}),
  attempts: 0,
  retryLater: false,
});

/**
 * A failure's message with its cause, as the API's clients and the operators read it (the
 * stream's `error` event, the blocking answer, the thread's `reply_failure.reason`):
 * `The model provider failed after 2 attempts; try again. Cause: connect ECONNREFUSED 127.0.0.1:4609`.
 */
export function failureText(failure: { message: string; cause?: string | undefined }): string {
  return failure.cause ? `${failure.message} Cause: ${failure.cause}` : failure.message;
}

/** The project's credits are spent (docs/billing.md, "When credits run out"). */
export const outOfCredits = (): FailedTurn => failed("insufficient_credits", INSUFFICIENT_CREDITS_REASON);

export const notAnswering = (reason: string): TurnOutcome => ({ kind: "not-answering", reason });
