import { type Tool, tool } from "ai";
import { BUILTIN_TOOLS } from "./registry.js";
import type { ToolContext } from "./tool-context.js";
import type { ProvidedTool, ToolProvider, ToolSource } from "./tool-provider.js";

/** A tool a turn may offer, whatever its source, in the shape the turn and approvals need. */
export interface AvailableTool {
  name: string;
  description: string;
  inputSchema: ProvidedTool["inputSchema"];
  source: ToolSource;
  /** The AI SDK tool bound to one conversation. */
  create(context: ToolContext): Tool;
}

const BUILTIN: AvailableTool[] = BUILTIN_TOOLS.map((builtin) => ({
  name: builtin.name,
  description: builtin.description,
  inputSchema: builtin.inputSchema,
  source: { kind: "builtin" },
  create: (context) => builtin.create(context),
}));

function fromProvided(provided: ProvidedTool): AvailableTool {
  return {
    name: provided.name,
    description: provided.description,
    inputSchema: provided.inputSchema,
    source: provided.source,
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
 * an earlier provider's tool of the same name.
 */
export class ProjectTools {
  constructor(private readonly providers: readonly ToolProvider[] = []) {}

  async list(projectId: string): Promise<AvailableTool[]> {
    const tools = [...BUILTIN];
    const names = new Set(tools.map((t) => t.name));
    const provided = await Promise.all(this.providers.map((provider) => provider.tools(projectId)));
    for (const item of provided.flat()) {
      if (names.has(item.name)) continue;
      names.add(item.name);
      tools.push(fromProvided(item));
    }
    return tools;
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
