import type { AttributeValue, ExpiresAfter, KnowledgeApi, SearchRequest } from "./knowledge-api.js";
import type { AddStoreFileBody, CreateStoreBody, SearchBody, UpdateStoreBody } from "./schemas.js";

/** Validated request bodies (snake_case, both faces) as KnowledgeApi inputs (camelCase). */

type CreateStoreInput = Parameters<KnowledgeApi["createStore"]>[1];
type UpdateStoreInput = Parameters<KnowledgeApi["updateStore"]>[2];
type AddStoreFileInput = Parameters<KnowledgeApi["addStoreFile"]>[2];

export function createStoreInput(
  body: Omit<CreateStoreBody, "metadata"> & { metadata?: Record<string, string> | null | undefined },
): CreateStoreInput {
  return {
    name: body.name,
    fileIds: body.file_ids,
    metadata: body.metadata ?? undefined,
    chunkingStrategy: body.chunking_strategy,
    expiresAfter: body.expires_after as ExpiresAfter | undefined,
  };
}

export function updateStoreInput(body: UpdateStoreBody): UpdateStoreInput {
  const input: UpdateStoreInput = {};
  // Only the fields sent change: an absent field stays absent (undefined), null clears.
  if (body.name !== undefined) input.name = body.name;
  if (body.metadata !== undefined) input.metadata = body.metadata;
  if (body.expires_after !== undefined) input.expiresAfter = body.expires_after as ExpiresAfter | null;
  return input;
}

export function addStoreFileInput(
  body: Omit<AddStoreFileBody, "attributes"> & {
    attributes?: Record<string, AttributeValue> | null | undefined;
  },
): AddStoreFileInput {
  return {
    fileId: body.file_id,
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
