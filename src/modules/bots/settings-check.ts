import { ApiError, validationFailed } from "../../infra/errors.js";
import type { Repos } from "../../storage/repos/index.js";
import type { ModelCatalog } from "../models/index.js";
import type { BotSettingsPatch } from "./settings-schema.js";

type Problem = { path: string; message: string };

/**
 * The ids of `ai.knowledge.vectorStoreIds` a patch sets that are not vector stores of the
 * project, one detail each (docs/knowledge.md, "Bots"). Another project's store and a store
 * that never existed read the same, so a project learns nothing of another's ids. Only the ids
 * the patch sends are checked: a store deleted after it was set does not block other changes
 * (knowledge_search skips it at turn time).
 */
async function unknownVectorStores(
  repos: Repos,
  projectId: string,
  ids: readonly string[] | undefined,
): Promise<Problem[]> {
  const problems: Problem[] = [];
  for (const [index, id] of (ids ?? []).entries()) {
    const store = await repos.knowledge.findStore(id);
    if (store?.project_id !== projectId) {
      problems.push({
        path: `ai.knowledge.vectorStoreIds.${index}`,
        message: `'${id}' is not a vector store of this project (GET /v1/vector_stores lists them)`,
      });
    }
  }
  return problems;
}

/**
 * Refuses a settings patch (of the published settings or of the draft) that names an unknown
 * model, tool or vector store, or a transcription model of a provider without speech-to-text:
 * 422 `validation_failed` with a detail per problem, or
 * `unknown_vector_store` when only stores are unknown. `toolProblems` were found before the
 * transaction (the project's tools are read outside it: SQLite has one connection).
 */
export async function checkSettingsPatch(
  repos: Repos,
  catalog: ModelCatalog,
  projectId: string,
  patch: BotSettingsPatch,
  toolProblems: Problem[],
): Promise<void> {
  const modelId = patch.ai?.model?.id;
  const problems = [...toolProblems];
  if (modelId !== undefined && !catalog.get(modelId)) {
    problems.unshift({
      path: "ai.model.id",
      message: `unknown model '${modelId}'; GET /v1/models lists the catalog`,
    });
  }
  const transcription = patch.ai?.voice?.transcriptionModel;
  const transcriptionProvider = transcription?.slice(0, transcription.indexOf("/"));
  if (transcriptionProvider !== undefined && !catalog.canTranscribe(transcriptionProvider)) {
    problems.push({
      path: "ai.voice.transcriptionModel",
      message:
        `provider '${transcriptionProvider}' has no speech-to-text models Parley can call; use openai/<model> ` +
        "(whisper-1, gpt-4o-transcribe, …) or an OpenAI-compatible provider of PARLEY_PROVIDERS",
    });
  }
  const storeProblems = await unknownVectorStores(repos, projectId, patch.ai?.knowledge?.vectorStoreIds);
  if (problems.length === 0 && storeProblems.length === 0) return;
  // Only unknown stores: their own code, so a client can tell it from a malformed body.
  if (problems.length === 0) {
    throw new ApiError(
      422,
      "unknown_vector_store",
      storeProblems.map((d) => `${d.path}: ${d.message}`).join("; "),
      { details: storeProblems },
    );
  }
  throw validationFailed([...problems, ...storeProblems]);
}
