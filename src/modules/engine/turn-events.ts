import type { ApprovalPolicy } from "../../storage/schema-approvals.js";
import type { ReplyFinishReason, TurnOutcome } from "./turn-outcome.js";

/**
 * What a turn tells as it happens, in order: text and tool steps while the model answers,
 * then exactly one `finish` or `error`. Tool names are `ai.tools` keys (what the API shows).
 * A stream writes them in its wire protocol (threads/stream-protocols.ts); a turn run by the
 * queue tells no one.
 */
export type TurnEvent =
  /** The next piece of the reply's text, as formatting let it out (never empty). */
  | { type: "text-delta"; text: string }
  /** A call the model made that runs at once. */
  | { type: "tool-call"; toolCallId: string; toolName: string; input: unknown }
  /** A call that waits for a person's approval: the turn pauses after it (docs/agent.md). */
  | {
      type: "approval-requested";
      toolCallId: string;
      toolName: string;
      input: unknown;
      approvalId: string;
      policy: ApprovalPolicy;
    }
  /** A tool's output (a failed call's is `{error}`), or an approved call's, settled first. */
  | { type: "tool-result"; toolCallId: string; toolName: string; output: unknown }
  /** A call the person refused, settled as the turn that goes on after it starts. */
  | { type: "tool-denied"; toolCallId: string; toolName: string; reason: string | null }
  /** The turn is over; `messageId` is the stored reply (or the one that covered the messages). */
  | { type: "finish"; finishReason: ReplyFinishReason; messageId: string | null }
  /** The turn failed (`insufficient_credits`, `model_error`, …): nothing was stored. */
  | {
      type: "error";
      code: string;
      message: string;
      /** The technical reason (FailedTurn's `cause`): the API's streams show it, the widget does not. */
      cause?: string;
    };

/** Where a turn's events go, as they happen. It must not throw, and the turn never waits on it. */
export type TurnEventSink = (event: TurnEvent) => void;

export const ignoreTurnEvents: TurnEventSink = () => {};

/**
 * The events that end a turn, from how it ended. A turn whose messages another turn answered
 * (double texting) tells that reply's text, so its caller sees what answered them.
 */
export function emitEnd(events: TurnEventSink, outcome: TurnOutcome): void {
  switch (outcome.kind) {
    case "replied":
      events({ type: "finish", finishReason: outcome.finishReason, messageId: outcome.message.id });
      break;
    case "already-answered":
      if (outcome.message?.content) events({ type: "text-delta", text: outcome.message.content });
      events({ type: "finish", finishReason: "stop", messageId: outcome.message?.id ?? null });
      break;
    case "not-answering":
      events({ type: "finish", finishReason: "stop", messageId: null });
      break;
    case "failed":
      events({
        type: "error",
        code: outcome.code,
        message: outcome.message,
        ...(outcome.cause ? { cause: outcome.cause } : {}),
      });
      break;
  }
}
