import type { MessageRow } from "../../storage/repos/messages.repo.js";
import { INSUFFICIENT_CREDITS_REASON } from "./answer-policy.js";

export type ReplyFinishReason = "stop" | "length" | "tool-calls";

/** How a turn ended. */
export type TurnOutcome =
  | {
      kind: "replied";
      message: MessageRow;
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
      message: string;
      /** Model calls the turn made (retries included). */
      attempts: number;
      /**
       * The job runs again later (it has attempts left and the failure may pass): not a give-up
       * yet. Otherwise the give-up is recorded (docs/conversations.md, "Failed replies").
       */
      retryLater: boolean;
    };

export type FailedTurn = Extract<TurnOutcome, { kind: "failed" }>;

export const failed = (code: string, message: string): FailedTurn => ({
  kind: "failed",
  code,
  message,
  attempts: 0,
  retryLater: false,
});

/** The project's credits are spent (docs/billing.md, "When credits run out"). */
export const outOfCredits = (): FailedTurn => failed("insufficient_credits", INSUFFICIENT_CREDITS_REASON);

export const notAnswering = (reason: string): TurnOutcome => ({ kind: "not-answering", reason });
