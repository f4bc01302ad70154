import { asSchema } from "ai";
import { z } from "zod";
import type { App } from "../../../infra/http-types.js";
import { toolPolicySchema } from "../../bots/settings-schema.js";
import { BUILTIN_TOOLS } from "./registry.js";
import type { BuiltinTool } from "./tool-context.js";

const POLICIES = ["auto", "user_approve", "operator_approve"] as const;

export const builtinToolSchema = z
  .object({
    name: z.string().describe("The tool's name: the key that enables it in a bot's `ai.tools`."),
    description: z.string().describe("What the tool does."),
    input_schema: z
      .record(z.string(), z.unknown())
      .describe("JSON Schema (draft-07) of the tool's input, as the model is given it."),
    policies: z.array(toolPolicySchema).describe("The approval policies `ai.tools` may set for this tool."),
  })
  .meta({ id: "BuiltinTool" });

export type BuiltinToolInfo = z.infer<typeof builtinToolSchema>;

/**
 * The JSON Schema the model is given for this input: the AI SDK's own conversion (Zod's
 * `z.toJSONSchema`, draft-07, input side, `additionalProperties: false`), so the two never differ.
 */
export function toolInputJsonSchema(builtin: BuiltinTool): Record<string, unknown> {
  return asSchema(builtin.inputSchema).jsonSchema as Record<string, unknown>;
}

let catalog: BuiltinToolInfo[] | undefined;

export function listBuiltinTools(): BuiltinToolInfo[] {
  catalog ??= BUILTIN_TOOLS.map((builtin) => ({
    name: builtin.name,
    description: builtin.description,
    input_schema: toolInputJsonSchema(builtin),
    policies: [...POLICIES],
  }));
  return catalog;
}

export function toolRoutes(app: App): void {
  app.get(
    "/tools",
    {
      schema: {
        tags: ["Tools"],
        operationId: "listTools",
        summary: "List the built-in tools",
        description:
          "Every built-in tool a bot may enable, with its input schema and the approval policies it accepts. " +
          "A key of a bot's `ai.tools` enables that tool and sets its policy: `auto` runs it at once, " +
          "`user_approve` asks the end user first, `operator_approve` waits for an operator.",
        response: { 200: z.array(builtinToolSchema) },
      },
    },
    async () => listBuiltinTools(),
  );
}
