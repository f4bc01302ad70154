import type { LanguageModel } from "ai";
import type { Transactor } from "../../events/unit-of-work.js";
import type { Metrics } from "../../infra/metrics.js";
import { isExporting } from "../../infra/telemetry/telemetry.js";
import type { MessageChunksRepo } from "../../storage/repos/message-chunks.repo.js";
import type { ToolProvider } from "../../tools/tool-provider.js";
import type { ModuleContext, ModuleParts } from "../../wiring/module-parts.js";
import { CreditHolds, type Ledger } from "../billing/index.js";
import { readBotSettings } from "../bots/index.js";
import type { AttachmentFiles, Connectors } from "../integrations/index.js";
import type { KnowledgeService } from "../knowledge/index.js";
import type { Embedder } from "../memory/index.js";
import type { ModelCatalog } from "../models/index.js";
import type { CreditPolicy } from "./answer-policy.js";
import { answeringVersion } from "./answering-version.js";
import { ApprovalFlow } from "./approval-flow.js";
import type { LoadableAttachment } from "./attachment-images.js";
import { engineJobHandlers } from "./job-handlers.js";
import { type LocalModelRuntime, ModelRegistry } from "./model-registry.js";
import { OtelTurnWatcher } from "./otel-turn-watcher.js";
import type { ReplyDeltaPublisher } from "./reply-progress.js";
import { TurnRunner } from "./run-turn.js";
import type { ThreadActions } from "./thread-actions.js";
import { ThreadLock } from "./thread-lock.js";
import type { ThreadWriter } from "./thread-writer.js";
import { ProjectTools } from "./tools/project-tools.js";
import { toolRoutes } from "./tools/routes.js";
import { TranscriptionModels } from "./transcription-models.js";
import { turnMetrics } from "./turn-metrics.js";
import type { PromptFacts } from "./turn-prompt.js";
import type { TurnWatcher } from "./turn-watch.js";

export interface EngineDeps {
  transactor: Transactor;
  writer: ThreadWriter;
  credit: CreditPolicy;
  ledger: Ledger;
  catalog: ModelCatalog;
  memory: { chunks: MessageChunksRepo; embedder: Embedder };
  /** What other modules offer bots, after the built-in tools (docs/agent.md, "Tools"). */
  toolProviders: readonly ToolProvider[];
  knowledge: KnowledgeService;
  connectors: Connectors;
  /** Parley's copies of customers' channel files, read before asking the vendor again. */
  attachmentFiles?: AttachmentFiles;
  /** The threads' side of what tools do to a thread (a port the threads module implements). */
  threadActions: ThreadActions;
  processId: string;
  modelOverride?: (modelId: string) => LanguageModel | undefined;
  /** The embedded runtime for `local/…` models. */
  local?: LocalModelRuntime;
  metrics?: Metrics;
  /** Follow every turn: the stored trace, OpenTelemetry (docs/quality.md). */
  watchers?: readonly TurnWatcher[];
  /** Told the text of replies as the model writes it (the operators' thread streams). */
  replyDeltas?: ReplyDeltaPublisher;
  /** What other modules add to the system prompt (business hours: docs/agent.md, "Prompt variables"). */
  promptFacts?: (projectId: string) => Promise<PromptFacts>;
}

/**
 * One AI turn (docs/agent.md): the model registry, the thread lock, the project's tools and
 * their approvals, and the runner, with the reply jobs it handles and the tools' routes.
 */
export function composeEngine(
  context: ModuleContext,
  deps: EngineDeps,
): ModuleParts & {
  registry: ModelRegistry;
  runner: TurnRunner;
  approvals: ApprovalFlow;
  tools: ProjectTools;
} {
  const { config, storage, repos, clock, newId, log } = context;
  const { transactor, writer, knowledge, connectors } = deps;
  const registry = new ModelRegistry(deps.catalog, config.providers, deps.modelOverride, deps.local);
  const tools = new ProjectTools(deps.toolProviders);
  const approvals = new ApprovalFlow({ repos, writer, transactor, clock, newId, tools });
  const runner = new TurnRunner({
    searchKnowledge: async (projectId, chatId, query, limit) => {
      const answerContext = await repos.answerContext(projectId, chatId);
      if (!answerContext) return [];
      const answering = await answeringVersion(repos, answerContext);
      const settings = readBotSettings(answering.settings, config.defaultModel);
      return knowledge.searchForBot(projectId, settings.ai.knowledge.vectorStoreIds, query, limit);
    },
    credit: deps.credit,
    // Concurrent turns cannot spend the same last credits (docs/billing.md, "When credits run out").
    ...(config.billing.enforce
      ? {
          holds: new CreditHolds({
            repos,
            ledger: deps.ledger,
            catalog: deps.catalog,
            creditsPerUsd: config.billing.creditsPerUsd,
            clock,
            newId,
          }),
        }
      : {}),
    loadAttachment: (chatId, attachment) =>
      loadAttachment(context, connectors, deps.attachmentFiles, chatId, attachment),
    transcriptionModels: new TranscriptionModels(config.providers),
    ...(deps.promptFacts ? { promptFacts: deps.promptFacts } : {}),
    repos,
    writer,
    threadActions: deps.threadActions,
    approvals,
    memory: deps.memory,
    newId,
    transactor,
    registry,
    lock: new ThreadLock({
      threads: () => repos.threads,
      clock,
      owner: deps.processId,
      leaseMs: config.leaseMs,
      crossProcess: storage.dialect === "postgres",
      maxWaitMs: config.modelTimeoutMs * config.modelMaxAttempts + 60_000,
    }),
    clock,
    log,
    ...(deps.metrics ? { observer: turnMetrics(deps.metrics) } : {}),
    replyDeltas: deps.replyDeltas,
    retry: { maxAttempts: config.modelMaxAttempts, baseDelayMs: 500, maxDelayMs: 30_000 },
    timeoutMs: config.modelTimeoutMs,
    defaultModel: config.defaultModel,
    tools,
    toolCallsPerTurn: config.toolCallsPerTurn,
    // The stored trace's, and OpenTelemetry's when it exports (docs/quality.md, "OpenTelemetry").
    watchers: [
      ...(deps.watchers ?? []),
      ...(context.telemetry && isExporting(context.telemetry)
        ? [new OtelTurnWatcher(context.telemetry)]
        : []),
    ],
  });
  return {
    name: "engine",
    registry,
    runner,
    approvals,
    tools,
    routes: (api) => toolRoutes(api, tools),
    jobs: engineJobHandlers({ runner, repos, registry, defaultModel: config.defaultModel }),
  };
}

/**
 * A channel attachment's bytes: Parley's kept copy when there is one (docs/channels.md,
 * "Non-text messages"), otherwise through the vendor of the chat's integration.
 */
async function loadAttachment(
  { repos }: ModuleContext,
  connectors: Connectors,
  files: AttachmentFiles | undefined,
  chatId: string,
  attachment: LoadableAttachment,
) {
  const chat = await repos.chats.findById(chatId);
  if (!chat) return undefined;
  if (attachment.file && files) {
    const kept = await files.bytes(chat.project_id, attachment.file.id);
    if (kept) return kept;
  }
  const integration = chat.integration_id
    ? await repos.integrations.findById(chat.integration_id)
    : undefined;
  const { ref } = attachment;
  if (!integration || ref === undefined) return undefined;
  return connectors.use(integration, async ({ vendor, context }) => vendor.fetchFile?.(context, ref));
}
