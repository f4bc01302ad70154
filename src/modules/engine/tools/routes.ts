import { asSchema } from "ai";
import { z } from "zod";
import { authOf } from "../../../infra/api-guard.js";
import type { App } from "../../../infra/http-types.js";
import { requestLanguage } from "../../../tools/request-language.js";
import { LANGUAGES, type Language } from "../../../tools/tool-presentation.js";
import { toolPolicySchema } from "../../bots/index.js";
import type { AvailableTool, ProjectTools } from "./project-tools.js";
import { toolSummary, toolTitle } from "./tool-wording.js";

const POLICIES = ["auto", "user_approve", "operator_approve"] as const;

export const toolSchema = z
  .object({
    name: z.string().describe("The tool's name: the key that enables it in a bot's `ai.tools`."),
    title: z
      .string()
      .describe(
        "A short name for people (the console, approvals), in the answer's language. Custom and MCP tools: their name.",
      ),
    summary: z
      .string()
      .describe(
        "What the tool does, for people choosing tools, in the answer's language. Custom and MCP tools: their own " +
          "description, as written (they have no translations).",
      ),
    description: z
      .string()
      .describe("What the tool does, for developers (English). The model is given a description of its own."),
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

function infoOf(entry: AvailableTool, language: Language): ToolInfo {
  const cacheKey = `${language}:${entry.name}`;
  const cached = entry.source.kind === "builtin" ? builtinInfo.get(cacheKey) : undefined;
  if (cached) return cached;
  const info: ToolInfo = {
    name: entry.name,
    title: toolTitle(entry, language),
    summary: toolSummary(entry, language),
    description: entry.description,
    input_schema: toolInputJsonSchema(entry),
    policies: [...POLICIES],
    source: entry.source,
  };
  if (entry.source.kind === "builtin") builtinInfo.set(cacheKey, info);
  return info;
}

/** The project's tools as GET /v1/tools lists them: built-ins first, then provided ones. */
export async function listProjectTools(
  tools: ProjectTools,
  projectId: string,
  language: Language = "en",
): Promise<ToolInfo[]> {
  return (await tools.list(projectId)).map((entry) => infoOf(entry, language));
}

const listToolsQuerySchema = z.object({
  lang: z
    .enum(LANGUAGES)
    .optional()
    .describe(
      "The language of `title` and `summary`. Without it, the first language of `Accept-Language` Parley " +
        "speaks, else English.",
    ),
});

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
          "policies it accepts, and a `title` and `summary` for people in the language of `lang` or " +
          "`Accept-Language` (English by default; `Content-Language` says which). A key of a bot's `ai.tools` enables that tool and sets its policy: `auto` runs it " +
          "at once, `user_approve` asks the end user first, `operator_approve` waits for an operator.",
        querystring: listToolsQuerySchema,
        response: { 200: z.array(toolSchema) },
      },
    },
    async (request, reply) => {
      const language = requestLanguage(request.query.lang, request.headers["accept-language"]);
      void reply.header("content-language", language);
      return listProjectTools(tools, authOf(request).projectId, language);
    },
  );
}
