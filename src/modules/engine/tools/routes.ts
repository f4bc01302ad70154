import { asSchema } from "ai";
import { z } from "zod";
import { authOf } from "../../../infra/api-guard.js";
import type { App } from "../../../infra/http-types.js";
import { toolPolicySchema } from "../../bots/index.js";
import type { AvailableTool, ProjectTools } from "./project-tools.js";

const POLICIES = ["auto", "user_approve", "operator_approve"] as const;

export const toolSchema = z
  .object({
    name: z.string().describe("The tool's name: the key that enables it in a bot's `ai.tools`."),
    description: z.string().describe("What the tool does."),
    input_schema: z
      .record(z.string(), z.unknown())
      .describe("JSON Schema (draft-07) of the tool's input, as the model is given it."),
    policies: z.array(toolPolicySchema).describe("The approval policies `ai.tools` may set for this tool."),
    source: z
      .object({
        kind: z.enum(["builtin", "integration", "payments", "custom", "mcp"]),
        integration_id: z
          .string()
          .optional()
          .describe("The integration that offers it (its credentials run it)."),
        vendor: z.string().optional(),
        tool_id: z.string().optional().describe("The project's own HTTP tool (`kind: custom`)."),
        server_id: z.string().optional().describe("The MCP server that offers it (`kind: mcp`)."),
        server: z.string().optional().describe("That MCP server's name."),
      })
      .describe(
        "Where the tool comes from: built into Parley, an active integration or payment terminal of the project, " +
          "the project's own HTTP tool (`custom`), or one of its MCP servers (`mcp`).",
      ),
  })
  .meta({ id: "Tool" });

export type ToolInfo = z.infer<typeof toolSchema>;

/**
 * The JSON Schema the model is given for this input: the AI SDK's own conversion (Zod's
 * `z.toJSONSchema`, draft-07, input side, `additionalProperties: false`), so the two never differ.
 */
export function toolInputJsonSchema(entry: {
  inputSchema: AvailableTool["inputSchema"];
}): Record<string, unknown> {
  return asSchema(entry.inputSchema).jsonSchema as Record<string, unknown>;
}

const builtinInfo = new Map<string, ToolInfo>();

function infoOf(entry: AvailableTool): ToolInfo {
  const cached = entry.source.kind === "builtin" ? builtinInfo.get(entry.name) : undefined;
  if (cached) return cached;
  const info: ToolInfo = {
    name: entry.name,
    description: entry.description,
    input_schema: toolInputJsonSchema(entry),
    policies: [...POLICIES],
    source: entry.source,
  };
  if (entry.source.kind === "builtin") builtinInfo.set(entry.name, info);
  return info;
}

/** The project's tools as GET /v1/tools lists them: built-ins first, then provided ones. */
export async function listProjectTools(tools: ProjectTools, projectId: string): Promise<ToolInfo[]> {
  return (await tools.list(projectId)).map(infoOf);
}

export function toolRoutes(app: App, tools: ProjectTools): void {
  app.get(
    "/tools",
    {
      schema: {
        tags: ["Tools"],
        operationId: "listTools",
        summary: "List the project's tools",
        description:
          "Every tool a bot of this project may enable: the built-in ones, then those the project's active " +
          'integrations offer (docs/oauth.md, "Tools"), each with its input schema, source and the approval ' +
          "policies it accepts. A key of a bot's `ai.tools` enables that tool and sets its policy: `auto` runs it " +
          "at once, `user_approve` asks the end user first, `operator_approve` waits for an operator.",
        response: { 200: z.array(toolSchema) },
      },
    },
    async (request) => listProjectTools(tools, authOf(request).projectId),
  );
}
