import { describe, expect, it } from "vitest";
import { z } from "zod";
import { modelToolName, ProjectTools } from "../../../src/modules/engine/tools/project-tools.js";
import { builtinToolNames } from "../../../src/modules/engine/tools/registry.js";
import type { ToolContext } from "../../../src/tools/tool-context.js";
import type { ProvidedTool, ToolProvider } from "../../../src/tools/tool-provider.js";

const provided = (name: string, result: unknown = { ok: name }): ProvidedTool => ({
  name,
  description: `does ${name}`,
  inputSchema: z.object({ q: z.string() }),
  source: { kind: "integration", integration_id: `int_${name}`, vendor: "github" },
  execute: async (input) => ({ result, input }),
});

const provider = (
  projectTools: Record<string, ProvidedTool[]>,
  known?: Record<string, string[]>,
): ToolProvider => ({
  tools: async (projectId) => projectTools[projectId] ?? [],
  ...(known ? { knownNames: async (projectId: string) => known[projectId] ?? [] } : {}),
});

const context = { projectId: "prj_a", threadId: "t", chatId: "c" } as ToolContext;

describe("a project's tools", () => {
  it("lists the built-ins, then each provider's tools of that project only; a name is never taken twice", async () => {
    const tools = new ProjectTools([
      provider({ prj_a: [provided("github_create_issue"), provided("get_current_time")] }),
      provider({ prj_a: [provided("github_create_issue", "second")], prj_b: [provided("google_x")] }),
    ]);
    const names = (await tools.list("prj_a")).map((t) => t.name);
    expect(names).toEqual([...builtinToolNames(), "github_create_issue"]);
    expect((await tools.list("prj_b")).map((t) => t.name)).toContain("google_x");
    expect((await tools.list("prj_a")).map((t) => t.name)).not.toContain("google_x");
    // The built-in keeps its name; the first provider's tool wins over the second's.
    expect((await tools.find("prj_a", "get_current_time"))?.source).toEqual({ kind: "builtin" });
    const issue = await tools.find("prj_a", "github_create_issue");
    const run = await issue?.create(context).execute?.({ q: "x" }, { toolCallId: "1", messages: [] });
    expect(run).toEqual({ result: { ok: "github_create_issue" }, input: { q: "x" } });
  });

  it("validates ai.tools names against built-ins and what providers may offer (also not yet active)", async () => {
    const tools = new ProjectTools([provider({ prj_a: [] }, { prj_a: ["github_create_issue"] })]);
    expect(
      await tools.validateNames("prj_a", {
        get_current_time: "auto",
        github_create_issue: "operator_approve",
      }),
    ).toEqual([]);
    expect(await tools.validateNames("prj_b", { github_create_issue: "auto", gone: null })).toEqual([
      { path: "ai.tools.github_create_issue", message: expect.stringMatching(/unknown tool/) },
    ]);
  });
});

describe("model-facing tool names", () => {
  it("keeps valid names, maps colons and other characters, and cuts long names with a hash", () => {
    expect(modelToolName("github_create_issue")).toBe("github_create_issue");
    expect(modelToolName("mcp:shop:get_order")).toBe("mcp__shop__get_order");
    expect(modelToolName("mcp:shop:get.order status")).toBe("mcp__shop__get_order_status");
    const long = `mcp:${"s".repeat(30)}:${"t".repeat(60)}`;
    const mapped = modelToolName(long);
    expect(mapped).toMatch(/^[a-zA-Z0-9_-]{64}$/);
    expect(modelToolName(`${long}x`)).not.toBe(mapped);
  });
});
