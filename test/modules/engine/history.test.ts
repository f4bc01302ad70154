import { describe, expect, it } from "vitest";
import {
  fitHistory,
  orderToolResults,
  toModelMessage,
  unansweredLast,
} from "../../../src/modules/engine/history.js";
import type { MessageRow } from "../../../src/storage/repos/messages.repo.js";

let seq = 0;
function row(role: MessageRow["role"], content: string, parts?: unknown[]): MessageRow {
  seq += 1;
  return {
    seq,
    id: `msg_${seq}`,
    project_id: "prj",
    thread_id: "t",
    role,
    author: role === "user" ? "user" : "bot",
    content,
    parts: parts ? JSON.stringify(parts) : null,
    external_id: null,
    reply_to_seq: null,
    attachments: null,
    files: null,
    delivery: null,
    operator: null,
    buttons: null,
    choice: null,
    created_at: new Date(0).toISOString(),
  };
}
const call = (id: string) =>
  row("assistant", "", [{ type: "tool-call", toolCallId: id, toolName: "x", input: {} }]);
const result = (id: string) =>
  row("tool", "x: ok", [
    { type: "tool-result", toolCallId: id, toolName: "x", output: { type: "json", value: 1 } },
  ]);

describe("history", () => {
  it("lastMessages is an upper bound", () => {
    const rows = [row("user", "a"), row("assistant", "b"), row("user", "c")];
    expect(fitHistory(rows, 2, 1_000_000).map((r) => r.content)).toEqual(["b", "c"]);
  });

  it("drops the oldest turns until the estimate fits, keeping the newest message", () => {
    const rows = [row("user", "x".repeat(4000)), row("assistant", "y".repeat(4000)), row("user", "z")];
    expect(fitHistory(rows, 10, 1500).map((r) => r.content[0])).toEqual(["y", "z"]);
    expect(fitHistory(rows, 10, 1).map((r) => r.content)).toEqual(["z"]);
  });

  it("never starts with a tool result cut off from its call", () => {
    const rows = [
      row("user", "q".repeat(4000)),
      call("c1"),
      result("c1"),
      row("assistant", "done"),
      row("user", "next"),
    ];
    expect(fitHistory(rows, 3, 1_000_000).map((r) => r.content)).toEqual(["done", "next"]);
    // A window that holds the call keeps the pair together.
    expect(fitHistory(rows, 4, 1_000_000).map((r) => r.role)).toEqual([
      "assistant",
      "tool",
      "assistant",
      "user",
    ]);
  });

  it("moves a result settled later right behind its call, the approval exchange before the call", () => {
    const rows = [
      row("user", "do it"),
      call("c2"),
      row("assistant", "Confirm?"),
      row("user", "yes"),
      result("c2"),
    ];
    const yes = rows[3]!;
    const ordered = orderToolResults(rows);
    expect(ordered.map((r) => r.content || r.role)).toEqual([
      "do it",
      "Confirm?",
      "yes",
      "assistant",
      "x: ok",
    ]);
    // The typed yes is unanswered, yet it stays before the call it decided: the call and its
    // result are the latest step.
    expect(unansweredLast(ordered, new Set([yes.seq])).map((r) => r.content || r.role)).toEqual([
      "do it",
      "Confirm?",
      "yes",
      "assistant",
      "x: ok",
    ]);
  });

  it("an approval decided without a message (an operator, addToolApprovalResponse): the question goes before the call", () => {
    const rows = [row("user", "do it"), call("c4"), row("assistant", "Confirm?"), result("c4")];
    expect(orderToolResults(rows).map((r) => r.content || r.role)).toEqual([
      "do it",
      "Confirm?",
      "assistant",
      "x: ok",
    ]);
  });

  it("a message that cancelled the action, or came while an operator decided, stays after the result", () => {
    const other = row("user", "what's the weather?");
    const rows = [row("user", "do it"), call("c5"), row("assistant", "Confirm?"), other, result("c5")];
    const ordered = unansweredLast(orderToolResults(rows), new Set([other.seq]));
    expect(ordered.map((r) => r.content || r.role)).toEqual([
      "do it",
      "Confirm?",
      "assistant",
      "x: ok",
      "what's the weather?",
    ]);
    // An operator's own message in between is not the bot's question: it keeps its place.
    const operator = { ...row("assistant", "An operator will check."), author: "operator" as const };
    const hello = row("user", "hello?");
    const waiting = [row("user", "do it"), call("c6"), operator, hello, result("c6")];
    expect(
      unansweredLast(orderToolResults(waiting), new Set([hello.seq])).map((r) => r.content || r.role),
    ).toEqual(["do it", "assistant", "x: ok", "An operator will check.", "hello?"]);
  });

  it("rebuilds the model's messages from stored parts", () => {
    expect(toModelMessage(row("user", "hi"))).toEqual({ role: "user", content: "hi" });
    expect(toModelMessage(call("c3"))).toMatchObject({ role: "assistant", content: [{ type: "tool-call" }] });
    expect(toModelMessage(result("c3"))).toMatchObject({ role: "tool", content: [{ type: "tool-result" }] });
  });
});
