import type { ToolSet } from "ai";
import type { Clock } from "../../infra/clock.js";
import type { Repos } from "../../storage/repos/index.js";
import type { ThreadRow } from "../../storage/repos/threads.repo.js";
import type { ApprovalPolicy } from "../../storage/schema-approvals.js";
import type { ToolContext } from "../../tools/tool-context.js";
import { ToolRefusal } from "../../tools/tool-refusal.js";
import type { BotSettings } from "../bots/index.js";
import type { ThreadActions } from "./thread-actions.js";
import type { AvailableTool, ProjectTools } from "./tools/project-tools.js";
import { findBuiltinTool } from "./tools/registry.js";
import type { ToolWordingSource } from "./tools/tool-wording.js";
import { WORKING_MEMORY_TOOL } from "./tools/update-working-memory.js";
import type { KnowledgePassage, TurnWatch } from "./turn-watch.js";
import { unwatched } from "./turn-watchers.js";

export interface TurnToolDeps {
  repos: Repos;
  clock: Clock;
  /** What tools may do to the thread (mode, scheduled messages, working memory). */
  threadActions: ThreadActions;
  /** The project's tools (built-in and provided: integrations, payment terminals, custom, MCP). */
  tools: Pick<ProjectTools, "listFor">;
  /** At most this many tool calls in one turn (PARLEY_TOOL_CALLS_PER_TURN; default 10). */
  toolCallsPerTurn?: number;
  /** Searches the vector stores of the chat's bot (docs/knowledge.md, "Bots"); none: nothing found. */
  searchKnowledge?: (
    projectId: string,
    chatId: string,
    query: string,
    limit: number,
  ) => Promise<Array<{ text: string; source: string; score: number; passage: KnowledgePassage }>>;
}

/** The tools of one turn, by the names the model calls them. */
export interface TurnTools {
  set: ToolSet;
  /** The `ai.tools` key of a model-facing tool name (the same for built-ins). */
  keyOf(modelName: string): string;
  /** A tool's policy by its `ai.tools` key (the memory tool is always `auto`). */
  policyOf(key: string): "auto" | ApprovalPolicy;
  /** The tool as people see it, by its key, for the question a `user_approve` call asks. */
  wordingOf(key: string): ToolWordingSource | undefined;
}

/** What the built-in tools may do in this thread. */
export function toolContextFor(
  deps: TurnToolDeps,
  projectId: string,
  threadId: string,
  chatId: string,
  watch: TurnWatch = unwatched,
): ToolContext {
  const actions = deps.threadActions;
  const thread = () => deps.repos.threads.find(projectId, threadId);
  return {
    projectId,
    threadId,
    chatId,
    clock: deps.clock,
    setMode: async (mode) => {
      const current = await thread();
      if (current) await actions.changeMode(projectId, threadId, mode, "tool");
    },
    resolveConversation: () => actions.resolve(projectId, threadId),
    scheduleMessage: (text, at) => actions.scheduleBotMessage(projectId, threadId, text, at),
    writeWorkingMemory: (markdown) => actions.writeWorkingMemory(projectId, threadId, markdown),
    ...(actions.addLabel ? { addLabel: (name: string) => actions.addLabel!(projectId, threadId, name) } : {}),
    ...(actions.attachFile
      ? {
          attachFile: (source: Parameters<NonNullable<ToolContext["attachFile"]>>[0]) =>
            actions.attachFile!(projectId, threadId, source),
        }
      : {}),
    readWorkingMemory: async () => (await thread())?.working_memory ?? null,
    readPerson: async () => {
      const personId = (await thread())?.person_id;
      const person = personId ? await deps.repos.persons.findById(personId) : undefined;
      return person ? { externalId: person.external_id, name: person.name } : null;
    },
    searchKnowledge: async (query, limit) => {
      const found = (await deps.searchKnowledge?.(projectId, chatId, query, limit)) ?? [];
      watch.knowledge(
        query,
        found.slice(0, limit).map((hit) => hit.passage),
      );
      return found.map(({ text, source, score }) => ({ text, source, score }));
    },
  };
}

/**
 * The tools a turn offers: those of the project (built-in, integrations', custom, MCP) that
 * `ai.tools` enables, under their approval policy, plus update_working_memory when working
 * memory is on. Calls are counted: past the turn's limit, or a tool's own, a call is refused
 * with a message the model reads (docs/agent.md, "Tools").
 */
export async function turnToolsFor(
  deps: Pick<TurnToolDeps, "tools" | "toolCallsPerTurn">,
  thread: Pick<ThreadRow, "project_id">,
  settings: BotSettings,
  context: ToolContext,
  watch: TurnWatch = unwatched,
): Promise<TurnTools> {
  const available = await deps.tools.listFor(thread.project_id, Object.keys(settings.ai.tools));
  const callsPerTurn = deps.toolCallsPerTurn ?? 10;
  const set: ToolSet = {};
  const keys = new Map<string, string>();
  const byName = new Map(available.map((entry) => [entry.name, entry]));
  let calls = 0;
  for (const [name, policy] of Object.entries(settings.ai.tools)) {
    const entry = byName.get(name);
    if (!entry) continue;
    const created = entry.create(context);
    const execute = created.execute;
    let ownCalls = 0;
    const limited: typeof created = {
      ...created,
      ...(execute
        ? {
            execute: (input: unknown, options: Parameters<typeof execute>[1]) =>
              watched(watch, { callId: options.toolCallId, name, args: input }, async () => {
                if (calls >= callsPerTurn)
                  throw new ToolRefusal(
                    `At most ${callsPerTurn} tool calls per turn: answer with what you have.`,
                  );
                if (entry.maxCallsPerTurn !== undefined && ownCalls >= entry.maxCallsPerTurn)
                  throw new ToolRefusal(`At most ${entry.maxCallsPerTurn} calls of ${name} per turn.`);
                calls += 1;
                ownCalls += 1;
                return execute(input, options);
              }),
          }
        : {}),
    };
    // Under user_approve / operator_approve the AI SDK stops at the call and asks for approval.
    set[entry.modelName] = policy === "auto" ? limited : { ...limited, needsApproval: true };
    keys.set(entry.modelName, entry.name);
  }
  const memoryTool = findBuiltinTool(WORKING_MEMORY_TOOL);
  if (settings.ai.memory.workingMemory.enabled && memoryTool)
    set[WORKING_MEMORY_TOOL] = memoryTool.create(context);
  return {
    set,
    keyOf: (modelName) => keys.get(modelName) ?? modelName,
    policyOf: (key) => settings.ai.tools[key] ?? "auto",
    wordingOf: (key) => available.find((tool: AvailableTool) => tool.name === key),
  };
}

/** Runs a tool call, telling the turn's watchers what it was given and what it answered. */
export async function watched<T>(
  watch: TurnWatch,
  call: { callId: string; name: string; args: unknown },
  run: () => PromiseLike<T> | T,
): Promise<T> {
  const followed = watch.toolCall(call);
  try {
    const result = await run();
    followed.end({ status: "ok", result });
    return result;
  } catch (error) {
    followed.end({ status: "error", result: error instanceof Error ? error.message : String(error) });
    throw error;
  }
}
