import type { Transactor } from "../../events/unit-of-work.js";
import type { ApiGuardOptions } from "../../infra/api-guard.js";
import type { IdempotencyOptions } from "../../infra/idempotency.js";
import { detectStoreVectorIndex } from "../../storage/vector-index/detect-vector-index.js";
import { lazyVectorIndex } from "../../storage/vector-index/lazy-vector-index.js";
import type { ModuleContext, ModuleParts } from "../../wiring/module-parts.js";
import type { Embedder } from "../memory/index.js";
import { FileStore } from "./file-store.js";
import { ParsePool } from "./ingest/parse-pool.js";
import { knowledgeJobHandlers } from "./job-handlers.js";
import { KnowledgeService } from "./knowledge-service.js";
import { openAiMirrorRoutes } from "./openai-mirror-routes.js";
import { knowledgeRoutes } from "./routes.js";

/**
 * Files and vector stores (docs/knowledge.md): the service, documents parsed in worker threads
 * off the event loop (docs/operations.md, "Parse workers"), the ingestion jobs, the `/v1` routes
 * and OpenAI's shapes of them for the official clients, behind the same guard.
 */
export function composeKnowledge(
  context: ModuleContext,
  deps: {
    transactor: Transactor;
    embedder: Embedder;
    /** The script parse workers run instead of parse-worker's (tests). */
    parseWorkerEntry?: URL;
    guard: ApiGuardOptions;
    idempotency: IdempotencyOptions;
  },
): ModuleParts & { knowledge: KnowledgeService } {
  const { config, storage, repos, clock, newId } = context;
  const parser = new ParsePool({ ...config.parse, entry: deps.parseWorkerEntry });
  const knowledge = new KnowledgeService({
    repos,
    transactor: deps.transactor,
    files: new FileStore(config.files.dir, config.files.maxUploadBytes),
    vectors: lazyVectorIndex(storage.db, (on) => detectStoreVectorIndex(on, storage.dialect)),
    embedder: deps.embedder,
    parser,
    clock,
    newId,
  });
  const maxUploadBytes = config.files.maxUploadBytes;
  return {
    name: "knowledge",
    knowledge,
    routes: (api) => knowledgeRoutes(api, knowledge, { maxUploadBytes }),
    publicRoutes: (app) =>
      openAiMirrorRoutes(app, {
        knowledge,
        guard: deps.guard,
        idempotency: deps.idempotency,
        maxUploadBytes,
      }),
    jobs: knowledgeJobHandlers({ knowledge }),
    async housekeeping() {
      await knowledge.resumePending();
      await knowledge.deleteExpiredStores();
    },
    // A parse under way is cut short rather than waited for: its job runs again later.
    interrupt: () => parser.close(),
  };
}
