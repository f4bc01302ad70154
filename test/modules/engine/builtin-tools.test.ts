import { stepCountIs, streamText, type Tool, type ToolExecutionOptions } from "ai";
import { afterEach, describe, expect, it } from "vitest";
import { HANDOFF_INSTRUCTION } from "../../../src/modules/engine/tools/handoff-to-operator.js";
import { NO_KNOWLEDGE_NOTE } from "../../../src/modules/engine/tools/knowledge-search.js";
import {
  BUILTIN_TOOLS,
  builtinToolNames,
  findBuiltinTool,
  validateToolNames,
} from "../../../src/modules/engine/tools/registry.js";
import type { ToolContext } from "../../../src/tools/tool-context.js";
import { ToolRefusal } from "../../../src/tools/tool-refusal.js";
import { ManualClock } from "../../helpers/manual-clock.js";
import { scriptedModel } from "../../helpers/mock-model.js";
import { createTestApp, type TestApp } from "../../helpers/test-app.js";

const NOW = "2026-11-21T10:00:00.000Z";

type Call = [method: string, ...args: unknown[]];

/** A ToolContext that records what the tools ask of it. */
function fakeContext(options: { knowledge?: Array<{ text: string; source: string; score: number }> } = {}) {
  const calls: Call[] = [];
  const clock = new ManualClock(NOW);
  const context: ToolContext = {
    projectId: "prj_1",
    threadId: "thr_1",
    chatId: "cht_1",
    clock,
    setMode: async (mode) => {
      calls.push(["setMode", mode]);
    },
    scheduleMessage: async (text, at) => {
      calls.push(["scheduleMessage", text, at.toISOString()]);
      return { id: "job_1", scheduledAt: at.toISOString() };
    },
    writeWorkingMemory: async (markdown) => {
      calls.push(["writeWorkingMemory", markdown]);
    },
    readWorkingMemory: async () => null,
    searchKnowledge: async (query, limit) => {
      calls.push(["searchKnowledge", query, limit]);
      return options.knowledge ?? [];
    },
  };
  return { context, calls, clock };
}

const execOptions: ToolExecutionOptions = { toolCallId: "call_1", messages: [] };

function builtin(name: string) {
  const found = findBuiltinTool(name);
  if (!found) throw new Error(`no tool ${name}`);
  return found;
}

/** Runs the tool's `execute` as the AI SDK would once the input is valid. */
async function execute(name: string, input: unknown, context: ToolContext): Promise<unknown> {
  const sdkTool: Tool = builtin(name).create(context);
  if (!sdkTool.execute) throw new Error("tool has no execute");
  return sdkTool.execute(input as never, execOptions);
}

/** Validates like the tool's inputSchema, returning the first issue's message. */
function firstIssue(name: string, input: unknown): string | undefined {
  const result = builtin(name).inputSchema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
}

/**
 * A real streamText turn in which the mock model calls the tool with `input`: returns the
 * stream parts about the tool and the tool message the model receives on its next step.
 */
async function throughSdk(name: string, input: unknown, context: ToolContext) {
  const { model, calls } = scriptedModel((_options, call) =>
    call === 0 ? { toolCall: { name, input } } : { text: "done" },
  );
  const result = streamText({
    model,
    messages: [{ role: "user", content: "hi" }],
    tools: { [name]: builtin(name).create(context) },
    stopWhen: stepCountIs(3),
  });
  const parts: Array<{ type: string; output?: unknown; error?: unknown }> = [];
  for await (const part of result.fullStream) {
    if (part.type === "tool-result" || part.type === "tool-error") parts.push(part);
  }
  const toolMessage = calls[1]?.prompt.find((m) => m.role === "tool");
  const seen = toolMessage && Array.isArray(toolMessage.content) ? toolMessage.content[0] : undefined;
  return { parts, seen: seen && "output" in seen ? seen.output : undefined };
}

describe("built-in tool registry", () => {
  it("lists the built-in tools, each with a schema the AI SDK tool uses too", () => {
    expect(builtinToolNames()).toEqual([
      "get_current_time",
      "handoff_to_operator",
      "update_working_memory",
      "schedule_message",
      "knowledge_search",
      "add_label",
      "resolve_conversation",
      "offer_choices",
      "send_file",
    ]);
    const { context } = fakeContext();
    for (const b of BUILTIN_TOOLS) {
      expect(b.description.length, b.name).toBeGreaterThan(20);
      expect(b.create(context).inputSchema, b.name).toBe(b.inputSchema);
    }
    expect(findBuiltinTool("nope")).toBeUndefined();
  });

  it("validates ai.tools keys, letting null remove an unknown one", () => {
    expect(validateToolNames({ get_current_time: "auto", knowledge_search: "operator_approve" })).toEqual([]);
    expect(validateToolNames({ send_email: "auto", get_current_time: "auto", old_tool: null })).toEqual([
      { path: "ai.tools.send_email", message: "unknown tool 'send_email'; GET /v1/tools lists them" },
    ]);
  });
});

describe("get_current_time", () => {
  it("gives the clock's time in UTC or in a zone", async () => {
    const { context } = fakeContext();
    expect(await execute("get_current_time", {}, context)).toEqual({
      iso: NOW,
      time_zone: "UTC",
      local: expect.stringContaining("21 November 2026"),
    });
    const moscow = (await execute("get_current_time", { time_zone: "Europe/Moscow" }, context)) as {
      local: string;
    };
    expect(moscow.local).toContain("13:00:00");
  });

  it("refuses an unknown time zone with a message the model sees", async () => {
    const { context } = fakeContext();
    await expect(execute("get_current_time", { time_zone: "Mars/Olympus" }, context)).rejects.toThrow(
      ToolRefusal,
    );
    const { parts, seen } = await throughSdk("get_current_time", { time_zone: "Mars/Olympus" }, context);
    expect(parts[0]?.type).toBe("tool-error");
    expect(seen).toEqual({
      type: "error-text",
      value: expect.stringContaining("unknown time zone 'Mars/Olympus'"),
    });
  });
});

describe("handoff_to_operator", () => {
  it("switches the thread to manual and tells the model to let the user know", async () => {
    const { context, calls } = fakeContext();
    const output = await execute("handoff_to_operator", { reason: "asks for a refund" }, context);
    expect(calls).toEqual([["setMode", "manual"]]);
    expect(output).toEqual({ handed_off: true, instruction: HANDOFF_INSTRUCTION });
    expect(HANDOFF_INSTRUCTION).toMatch(/person will take over/);
  });

  it("bounds reason and summary", () => {
    expect(firstIssue("handoff_to_operator", { reason: "r", summary: "s" })).toBeUndefined();
    expect(firstIssue("handoff_to_operator", {})).toBeDefined();
    expect(firstIssue("handoff_to_operator", { reason: "" })).toBe("must not be empty");
    expect(firstIssue("handoff_to_operator", { reason: "r".repeat(501) })).toBe(
      "must be at most 500 characters",
    );
    expect(firstIssue("handoff_to_operator", { reason: "r", summary: "s".repeat(2001) })).toBe(
      "must be at most 2000 characters",
    );
  });

  it("runs through a real turn", async () => {
    const { context, calls } = fakeContext();
    const { parts, seen } = await throughSdk("handoff_to_operator", { reason: "angry" }, context);
    expect(parts).toMatchObject([{ type: "tool-result", output: { handed_off: true } }]);
    expect(seen).toMatchObject({
      type: "json",
      value: { handed_off: true, instruction: HANDOFF_INSTRUCTION },
    });
    expect(calls).toEqual([["setMode", "manual"]]);
  });
});

describe("update_working_memory", () => {
  it("writes the block and reports its length", async () => {
    const { context, calls } = fakeContext();
    const markdown = "# User\n- name: Anna\n- prefers Russian";
    expect(await execute("update_working_memory", { markdown }, context)).toEqual({
      saved: true,
      length: markdown.length,
    });
    expect(calls).toEqual([["writeWorkingMemory", markdown]]);
    expect(firstIssue("update_working_memory", { markdown: "" })).toBeUndefined();
  });

  it("accepts 4000 characters and rejects more, the model seeing why and nothing being written", async () => {
    expect(firstIssue("update_working_memory", { markdown: "x".repeat(4000) })).toBeUndefined();
    expect(firstIssue("update_working_memory", { markdown: "x".repeat(4001) })).toMatch(
      /^must be at most 4000 characters: shorten it/,
    );
    expect(firstIssue("update_working_memory", {})).toBeDefined();
    const { context, calls } = fakeContext();
    const { parts, seen } = await throughSdk(
      "update_working_memory",
      { markdown: "x".repeat(4001) },
      context,
    );
    expect(parts[0]?.type).toBe("tool-error");
    expect(seen).toEqual({
      type: "error-text",
      value: expect.stringContaining("must be at most 4000 characters"),
    });
    expect(calls).toEqual([]);
  });
});

describe("schedule_message", () => {
  it("schedules at an ISO time with an offset", async () => {
    const { context, calls } = fakeContext();
    const output = await execute(
      "schedule_message",
      { text: "How did it go?", at: "2026-11-22T15:30:00+03:00" },
      context,
    );
    expect(calls).toEqual([["scheduleMessage", "How did it go?", "2026-11-22T12:30:00.000Z"]]);
    expect(output).toEqual({ scheduled: true, id: "job_1", scheduled_at: "2026-11-22T12:30:00.000Z" });
  });

  it("schedules after a delay in minutes", async () => {
    const { context, calls } = fakeContext();
    expect(await execute("schedule_message", { text: "Ping", delay_minutes: 90 }, context)).toEqual({
      scheduled: true,
      id: "job_1",
      scheduled_at: "2026-11-21T11:30:00.000Z",
    });
    expect(await execute("schedule_message", { text: "Later", delay_minutes: 43200 }, context)).toMatchObject(
      {
        scheduled_at: "2026-12-21T10:00:00.000Z",
      },
    );
    expect(calls).toHaveLength(2);
  });

  it("requires exactly one of at and delay_minutes, an offset, and bounded values", () => {
    const at = "2026-11-22T10:00:00Z";
    expect(firstIssue("schedule_message", { text: "x", at })).toBeUndefined();
    expect(firstIssue("schedule_message", { text: "x" })).toBe("give exactly one of `at` or `delay_minutes`");
    expect(firstIssue("schedule_message", { text: "x", at, delay_minutes: 5 })).toBe(
      "give exactly one of `at` or `delay_minutes`",
    );
    expect(firstIssue("schedule_message", { text: "x", at: "2026-11-22T10:00:00" })).toMatch(
      /time zone offset/,
    );
    expect(firstIssue("schedule_message", { text: "x", at: "tomorrow" })).toMatch(/ISO 8601/);
    expect(firstIssue("schedule_message", { text: "", at })).toBe("must not be empty");
    expect(firstIssue("schedule_message", { text: "x".repeat(4001), at })).toBe(
      "must be at most 4000 characters",
    );
    expect(firstIssue("schedule_message", { text: "x", delay_minutes: 0 })).toBe(
      "must be between 1 and 43200",
    );
    expect(firstIssue("schedule_message", { text: "x", delay_minutes: 43201 })).toBe(
      "must be between 1 and 43200",
    );
    expect(firstIssue("schedule_message", { text: "x", delay_minutes: 1.5 })).toBe(
      "must be a whole number of minutes",
    );
  });

  it("refuses the past, now, and more than 30 days ahead, by the clock", async () => {
    const { context, calls, clock } = fakeContext();
    const refused = (at: string) => execute("schedule_message", { text: "x", at }, context);
    await expect(refused("2026-11-21T09:59:59Z")).rejects.toThrow(
      /is in the past \(it is now 2026-11-21T10:00:00/,
    );
    await expect(refused(NOW)).rejects.toThrow(ToolRefusal);
    await expect(refused("2026-12-21T10:00:01Z")).rejects.toThrow(/more than 30 days ahead/);
    expect(calls).toEqual([]);
    await expect(refused("2026-12-21T13:00:00+03:00")).resolves.toMatchObject({ scheduled: true });
    clock.advance(60 * 60_000);
    await expect(refused("2026-11-21T10:30:00Z")).rejects.toThrow(/in the past/);
  });

  it("a refusal reaches the model as a tool error and the turn goes on", async () => {
    const { context } = fakeContext();
    const { parts, seen } = await throughSdk(
      "schedule_message",
      { text: "x", at: "2020-01-01T00:00:00Z" },
      context,
    );
    expect(parts[0]?.type).toBe("tool-error");
    expect(seen).toEqual({ type: "error-text", value: expect.stringContaining("is in the past") });
    const invalid = await throughSdk("schedule_message", { text: "x" }, context);
    expect(invalid.seen).toEqual({
      type: "error-text",
      value: expect.stringContaining("give exactly one of `at` or `delay_minutes`"),
    });
  });
});

describe("knowledge_search", () => {
  it("says when nothing is connected or nothing matched", async () => {
    const { context, calls } = fakeContext();
    expect(await execute("knowledge_search", { query: "refund policy", limit: 5 }, context)).toEqual({
      results: [],
      note: NO_KNOWLEDGE_NOTE,
    });
    expect(NO_KNOWLEDGE_NOTE).toMatch(/no knowledge base is connected/);
    expect(calls).toEqual([["searchKnowledge", "refund policy", 5]]);
  });

  it("returns what the knowledge base found, at most limit, defaulting to 5", async () => {
    const knowledge = Array.from({ length: 7 }, (_, i) => ({
      text: `passage ${i}`,
      source: "faq.pdf",
      score: 1 - i / 10,
    }));
    const { context, calls } = fakeContext({ knowledge });
    const { parts } = await throughSdk("knowledge_search", { query: "hours" }, context);
    expect(calls).toEqual([["searchKnowledge", "hours", 5]]);
    const output = parts[0]?.output as { results: unknown[]; note?: string };
    expect(output.results).toHaveLength(5);
    expect(output.results[0]).toEqual({ text: "passage 0", source: "faq.pdf", score: 1 });
    expect(output.note).toBeUndefined();
    expect(await execute("knowledge_search", { query: "hours", limit: 2 }, context)).toEqual({
      results: knowledge.slice(0, 2),
    });
  });

  it("bounds query and limit", () => {
    expect(firstIssue("knowledge_search", { query: "" })).toBe("must not be empty");
    expect(firstIssue("knowledge_search", { query: "q".repeat(501) })).toBe("must be at most 500 characters");
    expect(firstIssue("knowledge_search", { query: "q", limit: 0 })).toBe("must be between 1 and 10");
    expect(firstIssue("knowledge_search", { query: "q", limit: 11 })).toBe("must be between 1 and 10");
    expect(firstIssue("knowledge_search", { query: "q", limit: 10 })).toBeUndefined();
  });
});

describe("GET /v1/tools", () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it("lists every tool with its JSON Schema and policies, and is in the OpenAPI document", async () => {
    t = await createTestApp();
    const response = await t.call("GET", "/v1/tools");
    expect(response.statusCode).toBe(200);
    const tools = response.json() as Array<{
      name: string;
      description: string;
      input_schema: Record<string, unknown>;
      policies: string[];
    }>;
    expect(tools.map((tool) => tool.name)).toEqual(builtinToolNames());
    for (const tool of tools) {
      expect(tool.policies).toEqual(["auto", "user_approve", "operator_approve"]);
      expect(tool.input_schema).toMatchObject({ type: "object", additionalProperties: false });
      expect(tool.description).toBe(findBuiltinTool(tool.name)?.description);
      expect(tool).toMatchObject({ source: { kind: "builtin" } });
    }
    const byName = Object.fromEntries(tools.map((tool) => [tool.name, tool.input_schema]));
    expect(byName.update_working_memory).toMatchObject({
      required: ["markdown"],
      properties: { markdown: { type: "string", maxLength: 4000 } },
    });
    expect(byName.handoff_to_operator).toMatchObject({
      required: ["reason"],
      properties: { reason: { maxLength: 500 }, summary: { maxLength: 2000 } },
    });
    expect(byName.schedule_message).toMatchObject({
      required: ["text"],
      properties: {
        text: { minLength: 1, maxLength: 4000 },
        at: { type: "string", format: "date-time" },
        delay_minutes: { type: "integer", minimum: 1, maximum: 43200 },
      },
    });
    // The model sends `limit` or not: the input side of the schema, where it is optional.
    expect(byName.knowledge_search).toMatchObject({
      required: ["query"],
      properties: { limit: { default: 5, minimum: 1, maximum: 10 } },
    });
    expect(byName.get_current_time).toMatchObject({ properties: { time_zone: { type: "string" } } });

    const doc = (await t.app.inject({ url: "/openapi.json" })).json();
    const operation = doc.paths["/v1/tools"].get;
    expect(operation.tags).toEqual(["Tools"]);
    expect(operation.summary).toBeTruthy();
    expect(operation.operationId).toBe("listTools");
    // `lang` is validated, so 422 (docs/api.md#error-statuses-per-operation).
    expect(Object.keys(operation.responses)).toEqual(["200", "401", "403", "422", "429", "500", "503"]);
    expect(doc.components.schemas).toHaveProperty("Tool");
  });
});
