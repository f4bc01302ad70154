import { describe, expect, it } from "vitest";
import type { BuiltinTool } from "./bots-api";
import { toolRows, withToolChoice } from "./tool-rows";

const builtin = (
  name: string,
  policies: BuiltinTool["policies"] = ["auto", "user_approve", "operator_approve"],
) => ({
  name,
  title: `Title of ${name}`,
  summary: `What ${name} does, for people`,
  description: `${name} does things (ISO 8601)`,
  input_schema: {},
  policies,
});

describe("toolRows", () => {
  it("lists every built-in tool with its policy or off", () => {
    const rows = toolRows([builtin("get_current_time"), builtin("handoff_to_operator", ["auto"])], {
      get_current_time: "operator_approve",
    });
    expect(rows.map((r) => [r.name, r.choice, r.choices])).toEqual([
      ["get_current_time", "operator_approve", ["off", "auto", "user_approve", "operator_approve"]],
      ["handoff_to_operator", "off", ["off", "auto"]],
    ]);
  });

  it("keeps a current policy the tool no longer offers, and tools that are not built in", () => {
    const rows = toolRows([builtin("a", ["auto"])], { a: "user_approve", legacy: "auto" });
    expect(rows[0]!.choices).toEqual(["off", "auto", "user_approve"]);
    expect(rows[1]).toEqual({
      name: "legacy",
      title: "legacy",
      summary: null,
      choice: "auto",
      choices: ["off", "auto"],
      builtin: false,
    });
  });
});

describe("toolRows wording", () => {
  it("shows the catalog's title and summary for people, not the developer description", () => {
    const [row] = toolRows([builtin("schedule_message")], {});
    expect(row).toMatchObject({
      name: "schedule_message",
      title: "Title of schedule_message",
      summary: "What schedule_message does, for people",
    });
    expect(JSON.stringify(row)).not.toContain("ISO 8601");
  });
});

describe("withToolChoice", () => {
  it("sets a policy, or removes the tool for off, without touching the input", () => {
    const enabled = { a: "auto" as const };
    expect(withToolChoice(enabled, "b", "user_approve")).toEqual({ a: "auto", b: "user_approve" });
    expect(withToolChoice(enabled, "a", "off")).toEqual({});
    expect(enabled).toEqual({ a: "auto" });
  });
});
