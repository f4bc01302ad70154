import { describe, expect, it } from "vitest";
import type { EvalCase } from "./api";
import {
  caseGist,
  newExpectationRow,
  newMessageRow,
  parseJsonObject,
  toCaseBody,
  toCaseForm,
} from "./case-form";

const existing: EvalCase = {
  id: "evc_1",
  bot_id: "bot_1",
  name: "Refund question",
  messages: [
    { role: "user", content: "Hi" },
    { role: "assistant", content: "Hello! How can I help?" },
    { role: "user", content: "Can I get a refund?" },
  ],
  expectations: [
    { type: "contains", value: "30 days", case_sensitive: true },
    { type: "not_contains", value: "sorry" },
    { type: "tool_called", tool: "lookup_order", arguments: { order: { id: "42" } } },
    { type: "tool_not_called", tool: "handoff" },
    { type: "hands_off", expected: false },
    { type: "max_tokens", value: 200 },
    { type: "rubric", criteria: "Polite and names the 30-day window." },
  ],
  tool_results: { lookup_order: { status: "shipped" } },
  source: { type: "manual", thread_id: null, message_id: null },
  created_at: "2026-01-01T00:00:00.000Z",
  updated_at: "2026-01-01T00:00:00.000Z",
};

describe("case form", () => {
  it("round-trips every expectation type, the messages and the tool results", () => {
    const result = toCaseBody(toCaseForm(existing));
    expect(result).toEqual({
      ok: true,
      body: {
        name: existing.name,
        messages: existing.messages,
        expectations: existing.expectations,
        tool_results: existing.tool_results,
      },
    });
  });

  it("starts a new case with one user message and one expectation, and refuses it empty", () => {
    const form = toCaseForm();
    expect(form.messages.map((m) => m.role)).toEqual(["user"]);
    expect(form.expectations.map((e) => e.type)).toEqual(["contains"]);
    expect(toCaseBody(form)).toEqual({
      ok: false,
      errors: { name: "required", "messages.0.content": "required", "expectations.0.value": "required" },
    });
  });

  it("names each field to fix by the API's path", () => {
    const form = toCaseForm(existing);
    form.messages.push(newMessageRow("assistant", "Anything else?"));
    form.expectations[2]!.arguments = "{ not json";
    form.expectations[3]!.tool = " ";
    form.expectations[5]!.maxTokens = 0;
    form.expectations[6]!.criteria = "";
    form.toolResults = "[1, 2]";
    const result = toCaseBody(form);
    expect(result).toEqual({
      ok: false,
      errors: {
        "messages.3.role": "lastUser",
        "expectations.2.arguments": "json",
        "expectations.3.tool": "required",
        "expectations.5.value": "positive",
        "expectations.6.criteria": "required",
        tool_results: "jsonObject",
      },
    });
  });

  it("leaves optional parts out: no arguments, not case-sensitive, no tool results", () => {
    const form = toCaseForm();
    form.name = "  Greeting ";
    form.messages[0]!.content = "Hello";
    form.expectations = [
      { ...newExpectationRow("contains"), value: "Hi" },
      { ...newExpectationRow("tool_called"), tool: "get_current_time" },
      { ...newExpectationRow("hands_off"), expected: true },
    ];
    expect(toCaseBody(form)).toEqual({
      ok: true,
      body: {
        name: "Greeting",
        messages: [{ role: "user", content: "Hello" }],
        expectations: [
          { type: "contains", value: "Hi" },
          { type: "tool_called", tool: "get_current_time" },
          { type: "hands_off", expected: true },
        ],
        tool_results: {},
      },
    });
  });

  it("reads JSON objects only", () => {
    expect(parseJsonObject("")).toEqual({ ok: true, value: undefined });
    expect(parseJsonObject('{"a":1}')).toEqual({ ok: true, value: { a: 1 } });
    expect(parseJsonObject("null")).toEqual({ ok: false, error: "jsonObject" });
    expect(parseJsonObject("{")).toEqual({ ok: false, error: "json" });
  });

  it("sums a case up by its last user message", () => {
    expect(caseGist(existing)).toBe("Can I get a refund?");
    expect(caseGist({ messages: [{ role: "user", content: `a\n${"b".repeat(200)}` }] })).toHaveLength(120);
  });
});
