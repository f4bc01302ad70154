import { type Tool, tool } from "ai";
import type { Clock } from "../../infra/clock.js";
import type { IdGenerator } from "../../infra/ids.js";
import type { ThreadMode } from "../../storage/schema-conversations.js";
import type { ToolContext } from "../../tools/tool-context.js";
import type { AvailableTool, KnowledgePassage, ProjectTools, TurnTools, TurnWatch } from "../engine/index.js";

/** What a tool that evaluations do not run answers when the case gives nothing for it. */
export const NOT_RUN_RESULT = { evaluation: "this tool is not run in evaluations" } as const;

/** A passage knowledge search found, as the engine's searchKnowledge gives it. */
export interface FoundPassage {
  text: string;
  source: string;
  score: number;
  passage: KnowledgePassage;
}

/** What the built-in tools did in an evaluation turn: kept in memory, never written. */
export interface EvaluationEffects {
  /** The modes the turn switched the conversation to, in order. */
  modes: ThreadMode[];
  scheduled: Array<{ text: string; at: string }>;
  workingMemory: string | null;
}

/** Operator modes: a turn that switched to one handed the conversation off. */
const HANDED_OFF: readonly ThreadMode[] = ["manual", "operator"];

export const handedOff = (effects: EvaluationEffects): boolean =>
  effects.modes.some((mode) => HANDED_OFF.includes(mode));

/**
 * The built-in tools' context for an evaluation turn (docs/quality.md, "Evaluations"): no
 * thread, nothing stored. A hand-off, a scheduled message and working memory are recorded in
 * `effects`; there is no person; knowledge search searches the stores of the version's settings
 * for real, and is traced like a turn's.
 */
export function evaluationToolContext(deps: {
  projectId: string;
  /** Names the evaluation turn where a thread id would be (`<run id>/<case id>`). */
  turnName: string;
  clock: Clock;
  search(query: string, limit: number): Promise<FoundPassage[]>;
  watch: Pick<TurnWatch, "knowledge">;
  effects: EvaluationEffects;
  newId: IdGenerator;
}): ToolContext {
  const { effects } = deps;
  return {
    projectId: deps.projectId,
    threadId: deps.turnName,
    chatId: deps.turnName,
    clock: deps.clock,
    setMode: async (mode) => {
      effects.modes.push(mode);
    },
    scheduleMessage: async (text, at) => {
      effects.scheduled.push({ text, at: at.toISOString() });
      return { id: deps.newId("job"), scheduledAt: at.toISOString() };
    },
    writeWorkingMemory: async (markdown) => {
      effects.workingMemory = markdown;
    },
    readWorkingMemory: async () => effects.workingMemory,
    readPerson: async () => null,
    searchKnowledge: async (query, limit) => {
      const found = await deps.search(query, limit);
      deps.watch.knowledge(
        query,
        found.slice(0, limit).map((hit) => hit.passage),
      );
      return found.map(({ text, source, score }) => ({ text, source, score }));
    },
  };
}

/**
 * The project's tools as an evaluation offers them: the built-ins as they are (they run
 * against the evaluation's context), every other tool (integrations', custom HTTP, MCP,
 * payments) with the same name, description and input schema but not run: it answers what the
 * case's `tool_results` holds for its key, or NOT_RUN_RESULT.
 */
export function evaluationTools(
  tools: Pick<ProjectTools, "listFor">,
  toolResults: Readonly<Record<string, unknown>>,
): Pick<ProjectTools, "listFor"> {
  return {
    listFor: async (projectId, names) =>
      (await tools.listFor(projectId, names)).map((available) =>
        available.source.kind === "builtin" ? available : notRun(available, toolResults),
      ),
  };
}

function notRun(available: AvailableTool, toolResults: Readonly<Record<string, unknown>>): AvailableTool {
  const answer = Object.hasOwn(toolResults, available.name) ? toolResults[available.name] : NOT_RUN_RESULT;
  return {
    ...available,
    create: (): Tool =>
      tool({
        description: available.description,
        inputSchema: available.inputSchema,
        execute: async () => answer,
      }),
  };
}

/**
 * The turn's tools without approvals: a call under `user_approve` or `operator_approve` runs
 * as if approved (an evaluation has nobody to ask); `policyOf` says `auto` so that the model
 * call tells every call as it is made. The real policies stay readable through `realPolicyOf`.
 */
export function approvedTools(tools: TurnTools): TurnTools & { realPolicyOf: TurnTools["policyOf"] } {
  const set: TurnTools["set"] = {};
  for (const [name, entry] of Object.entries(tools.set)) {
    const { needsApproval: _asked, ...approved } = entry;
    set[name] = approved;
  }
  return { ...tools, set, policyOf: () => "auto", realPolicyOf: tools.policyOf };
}
