import type { FlexibleSchema } from "ai";
import type { ToolContext } from "./tool-context.js";
import type { ToolPresentation } from "./tool-presentation.js";

/** Where a tool comes from, as GET /v1/tools shows it (docs/agent.md, "Tools"). */
export type ToolSource =
  | { kind: "builtin" }
  | { kind: "integration"; integration_id: string; vendor: string }
  | { kind: "payments"; integration_id: string; vendor: string }
  | { kind: "custom"; tool_id: string }
  | { kind: "mcp"; server_id: string; server: string };

/**
 * A tool of one project beyond the built-ins: an integration's (GitHub "create an issue"), a
 * payment terminal's, later the project's own. Bots enable it by `name` in `ai.tools`, under
 * the same approval policies as the built-ins.
 */
export interface ProvidedTool {
  /**
   * The key bots use in `ai.tools`, unique in the project: `^[a-z][a-z0-9_]{0,63}$`, or
   * `mcp:<server>:<tool>`. The model sees `modelToolName(name)` (project-tools.ts).
   */
  name: string;
  description: string;
  /**
   * Its title, summary and question wording for people (integration and payment tools, in
   * every language). Custom and MCP tools have none: people see their name and description.
   */
  presentation?: ToolPresentation;
  /**
   * The model's input: a Zod schema, or the AI SDK's `jsonSchema(schema, { validate })` for
   * tools described by JSON Schema. Validated before `execute` (and again when an approved
   * call runs); published by GET /v1/tools as JSON Schema.
   */
  inputSchema: FlexibleSchema<unknown>;
  source: ToolSource;
  /** At most this many calls of the tool in one turn (beyond: the model is told to stop). */
  maxCallsPerTurn?: number;
  /**
   * Runs one call in the conversation of `context`; the (JSON) result goes to the model. A
   * ToolRefusal's message reaches the model as the tool's error; so does any other error's.
   */
  execute(input: unknown, context: ToolContext): Promise<unknown>;
}

/** A source of a project's tools (integrations, payments, …), asked at every turn. */
export interface ToolProvider {
  /** The project's tools from this source that can be used now (e.g. of `active` integrations). */
  tools(projectId: string): Promise<ProvidedTool[]>;
  /**
   * Names a bot may enable although they are not usable now (an integration still to be
   * connected), for validating `ai.tools`; default: the names of `tools`.
   */
  knownNames?(projectId: string): Promise<string[]>;
}
