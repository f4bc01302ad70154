import { createHash } from "node:crypto";
import { asSchema, type Tool, tool } from "ai";
import type { ToolContext } from "../../../tools/tool-context.js";
import type { ToolPresentation } from "../../../tools/tool-presentation.js";
import type { ProvidedTool, ToolProvider, ToolSource } from "../../../tools/tool-provider.js";
import { BUILTIN_TOOLS } from "./registry.js";

/** A tool a turn may offer, whatever its source, in the shape the turn and approvals need. */
export interface AvailableTool {
  /** The `ai.tools` key (and what approvals and the API show). */
  name: string;
  /** The name the model calls it by (`modelToolName(name)`). */
  modelName: string;
  description: string;
  /** Title, summary and question wording for people; none for custom and MCP tools. */
  presentation?: ToolPresentation | undefined;
  inputSchema: ProvidedTool["inputSchema"];
  source: ToolSource;
  maxCallsPerTurn?: number | undefined;
  /** The AI SDK tool bound to one conversation. */
  create(context: ToolContext): Tool;
}

const MODEL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

/**
 * The name a model is given for a tool: every provider accepts `^[a-zA-Z0-9_-]{1,64}$`, so
 * `mcp:shop:get_order` becomes `mcp__shop__get_order`, other characters `_`, and a name still
 * too long is cut with a hash of the whole name to stay unique.
 */
export function modelToolName(name: string): string {
  if (MODEL_NAME.test(name)) return name;
  const mapped = name.replace(/:/g, "__").replace(/[^a-zA-Z0-9_-]/g, "_");
  if (mapped.length <= 64) return mapped;
  const hash = createHash("sha256").update(name).digest("hex").slice(0, 8);
  return `${mapped.slice(0, 55)}_${hash}`;
}

/** Checks input against a tool's schema, whichever kind it is (Zod or JSON Schema). */
export async function validateToolInput(
  schema: ProvidedTool["inputSchema"],
  input: unknown,
): Promise<{ success: true; value: unknown } | { success: false; error: Error }> {
  const validate = asSchema(schema).validate;
  if (!validate) return { success: true, value: input };
  return validate(input);
}

const BUILTIN: AvailableTool[] = BUILTIN_TOOLS.map((builtin) => ({
  name: builtin.name,
  modelName: builtin.name,
  description: builtin.description,
  presentation: builtin.presentation,
  inputSchema: builtin.inputSchema,
  source: { kind: "builtin" },
  create: (context) => builtin.create(context),
}));

const BUILTIN_NAMES = new Set(BUILTIN.map((tool) => tool.name));

function fromProvided(provided: ProvidedTool): AvailableTool {
  return {
    name: provided.name,
    modelName: modelToolName(provided.name),
    description: provided.description,
    presentation: provided.presentation,
    inputSchema: provided.inputSchema,
    source: provided.source,
    maxCallsPerTurn: provided.maxCallsPerTurn,
    create: (context) =>
      tool({
        description: provided.description,
        inputSchema: provided.inputSchema,
        execute: (input: unknown) => provided.execute(input, context),
      }),
  };
}

/**
 * The tools of a project (docs/agent.md, "Tools"): the built-ins, then what each provider
 * (integrations, payment terminals) offers now. A provider's tool never replaces a built-in or
 * an earlier provider's tool of the same name (or model-facing name).
 */
export class ProjectTools {
  constructor(private readonly providers: readonly ToolProvider[] = []) {}

  async list(projectId: string): Promise<AvailableTool[]> {
    const tools = [...BUILTIN];
    // Neither the key nor the name the model sees may be taken twice.
    const names = new Set(tools.flatMap((t) => [t.name, t.modelName]));
    const provided = await Promise.all(this.providers.map((provider) => provider.tools(projectId)));
    for (const item of provided.flat()) {
      const available = fromProvided(item);
      if (names.has(available.name) || names.has(available.modelName)) continue;
      names.add(available.name).add(available.modelName);
      tools.push(available);
    }
    return tools;
  }

  /**
   * The project's tools as far as a turn needs them: those named `names` (a bot's `ai.tools`
   * keys) are all there. Providers are only asked when a name is not a built-in's; the built-ins
   * alone otherwise (no provider's tool can take a built-in's name, so the answer is the same).
   */
  async listFor(projectId: string, names: readonly string[]): Promise<AvailableTool[]> {
    if (names.every((name) => BUILTIN_NAMES.has(name))) return [...BUILTIN];
    return this.list(projectId);
  }

  async find(projectId: string, name: string): Promise<AvailableTool | undefined> {
    const builtin = BUILTIN.find((t) => t.name === name);
    if (builtin) return builtin;
    return (await this.list(projectId)).find((t) => t.name === name);
  }

  /**
   * Problems with the keys of an `ai.tools` patch, as validation details: a key must name a
   * tool of the project — a built-in, or one a provider may offer (an integration's tool also
   * while the integration is not active yet). `null` (removing a tool) is always allowed.
   */
  async validateNames(
    projectId: string,
    tools: Record<string, unknown>,
  ): Promise<{ path: string; message: string }[]> {
    const wanted = Object.entries(tools).filter(([, policy]) => policy !== null);
    if (wanted.every(([name]) => BUILTIN.some((t) => t.name === name))) return [];
    const known = new Set(BUILTIN.map((t) => t.name));
    const offered = await Promise.all(
      this.providers.map(async (provider) =>
        provider.knownNames
          ? provider.knownNames(projectId)
          : (await provider.tools(projectId)).map((t) => t.name),
      ),
    );
    for (const name of offered.flat()) known.add(name);
    return wanted
      .filter(([name]) => !known.has(name))
      .map(([name]) => ({
        path: `ai.tools.${name}`,
        message: `unknown tool '${name}'; GET /v1/tools lists the project's tools`,
      }));
  }
}
