import type {
  AttributeValue,
  ExpiresAfter,
  NewFileBatch,
  NewStore,
  NewStoreFile,
  SearchRequest,
  StorePatch,
} from "./knowledge-api.js";
import type {
  AddStoreFileBody,
  CreateFileBatchBody,
  CreateStoreBody,
  SearchBody,
  UpdateStoreBody,
} from "./schemas.js";

/**
 * Validated request bodies (snake_case, both faces) as KnowledgeApi inputs (camelCase). Where
 * the OpenAI mirror allows null (attributes, metadata), null is as absent.
 */

type Nullable<T, K extends keyof T> = Omit<T, K> & { [P in K]?: T[P] | null | undefined };

export function createStoreInput(body: Nullable<CreateStoreBody, "metadata">): NewStore {
  return {
    name: body.name,
    fileIds: body.file_ids,
    metadata: body.metadata ?? undefined,
    chunkingStrategy: body.chunking_strategy,
    expiresAfter: body.expires_after as ExpiresAfter | undefined,
  };
}

export function updateStoreInput(body: UpdateStoreBody): StorePatch {
  const input: StorePatch = {};
  // Only the fields sent change: an absent field stays absent (undefined), null clears.
  if (body.name !== undefined) input.name = body.name;
  if (body.metadata !== undefined) input.metadata = body.metadata;
  if (body.expires_after !== undefined) input.expiresAfter = body.expires_after as ExpiresAfter | null;
  return input;
}

export function addStoreFileInput(body: Nullable<AddStoreFileBody, "attributes">): NewStoreFile {
  return {
    fileId: body.file_id,
    attributes: body.attributes ?? undefined,
    chunkingStrategy: body.chunking_strategy,
  };
}

/** A store file's new attributes: none (null on the mirror) are `{}`. */
export function storeFileAttributes(body: {
  attributes?: Record<string, AttributeValue> | null | undefined;
}): Record<string, AttributeValue> {
  return body.attributes ?? {};
}

export function createFileBatchInput(body: Nullable<CreateFileBatchBody, "attributes">): NewFileBatch {
  return {
    fileIds: body.file_ids,
    attributes: body.attributes ?? undefined,
    chunkingStrategy: body.chunking_strategy,
  };
}

export function searchRequest(body: SearchBody): SearchRequest {
  return {
    query: body.query,
    maxNumResults: body.max_num_results,
    filters: body.filters,
    scoreThreshold: body.ranking_options?.score_threshold,
    rewriteQuery: body.rewrite_query,
  };
}
