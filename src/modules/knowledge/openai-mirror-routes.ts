import type { FastifyRequest } from "fastify";
import { type ApiGuardOptions, authOf, installApiGuard } from "../../infra/api-guard.js";
import { type Clock, systemClock } from "../../infra/clock.js";
import { ApiError } from "../../infra/errors.js";
import type { App } from "../../infra/http-types.js";
import { type IdempotencyOptions, installIdempotency } from "../../infra/idempotency.js";
import { installOpenAiErrorFormat } from "../../infra/openai-error-format.js";
import type { KnowledgeApi } from "./knowledge-api.js";
import { knowledgeHandlers } from "./knowledge-handlers.js";
import { bodyReadByHandler, enableMultipart, jsonOrMultipartBody, multipartForm } from "./multipart-http.js";
import {
  batchParamsSchema,
  fileContentPageSchema,
  fileParamsSchema,
  listFilesQuerySchema,
  openAiAddStoreFileBodySchema,
  openAiCreateFileBatchBodySchema,
  openAiCreateStoreBodySchema,
  openAiDeletedSchema,
  openAiFileBatchSchema,
  openAiFileSchema,
  openAiListOf,
  openAiListStoreFilesQuerySchema,
  openAiUpdateStoreFileBodySchema,
  openAiVectorStoreFileSchema,
  openAiVectorStoreSchema,
  pageQuerySchema,
  searchBodySchema,
  searchResultsSchema,
  storeFileParamsSchema,
  storeParamsSchema,
  updateStoreBodySchema,
} from "./schemas.js";
import { openAiFace } from "./serialize-openai.js";

export const OPENAI_MIRROR_PREFIX = "/openai/v1";
const DEFAULT_POLL_AFTER_MS = 1000;

export interface OpenAiMirrorOptions {
  knowledge: KnowledgeApi;
  /**
   * The very options object the `/v1` scope passes to installApiGuard: the same API keys
   * (`Authorization: Bearer prl_…`) and the same rate-limit budgets (the counters are keyed by
   * API key, project and IP in the same store, so both faces draw on one budget).
   */
  guard: ApiGuardOptions;
  /**
   * Optional `Idempotency-Key` support, as on `/v1` (OpenAI's Node client sends no such header
   * unless asked to; a replay answers the stored OpenAI-shaped body).
   */
  idempotency?: IdempotencyOptions;
  /** The largest file an upload may carry; beyond it 413 (`payload_too_large`). */
  maxUploadBytes: number;
  /**
   * `openai-poll-after-ms` sent while a vector store file or a file batch is in progress: how long
   * the official clients' poll helpers wait before asking again (their default is 5 s). Default 1000.
   */
  pollAfterMs?: number;
  /** Default `/openai/v1`. */
  prefix?: string;
  /** For `expired` stores (expires_at in the past). Default: the system clock. */
  clock?: Clock;
}

/** Multipart form fields of OpenAI's files.create that Parley accepts and drops (files do not expire). */
const ignoredUploadField = (name: string) => name.startsWith("expires_after[");

function pollHelper(request: FastifyRequest): boolean {
  return request.headers["x-stainless-poll-helper"] === "true";
}

/**
 * The OpenAI-compatible face of the knowledge module: the files and vector-store operations of
 * OpenAI's API under `/openai/v1`, in OpenAI's exact shapes (unix-second timestamps, OpenAI's
 * statuses, `{error: {message, type, param, code}}` errors, 404 for another project's ids), so
 * the official clients work unchanged with `baseURL: <origin>/openai/v1` and a Parley API key.
 *
 * Register it on the ROOT app (not inside the `/v1` scope): it opens its own scope under the
 * prefix with its own guard (installApiGuard with `options.guard`), optional idempotency, its own
 * error and not-found handlers, and a nested scope that accepts `multipart/form-data` for the two
 * upload routes. Its routes are hidden from Parley's OpenAPI document (their reference is OpenAI's).
 */
export async function openAiMirrorRoutes(app: App, options: OpenAiMirrorOptions): Promise<void> {
  const handlers = knowledgeHandlers(options.knowledge, openAiFace, {
    upload: { maxUploadBytes: options.maxUploadBytes, ignoredFields: ignoredUploadField },
    clock: options.clock ?? systemClock,
  });
  const pollAfterMs = String(options.pollAfterMs ?? DEFAULT_POLL_AFTER_MS);

  await app.register(
    async (outer) => {
      installOpenAiErrorFormat(outer as unknown as App);
      // An unknown path is answered by this outer scope, before authentication (as on /v1).
      await outer.register(async (root) => {
        const mirror = root as unknown as App;
        installApiGuard(mirror, options.guard);
        if (options.idempotency) installIdempotency(mirror, options.idempotency);

        await mirror.register(async (scope) => {
          const uploads = scope as unknown as App;
          await enableMultipart(uploads, options.maxUploadBytes);

          uploads.post(
            "/files",
            {
              validatorCompiler: bodyReadByHandler,
              schema: { hide: true, response: { 200: openAiFileSchema } },
            },
            async (request) => handlers.uploadFile(authOf(request).projectId, multipartForm(request)),
          );

          uploads.post(
            "/vector_stores/:id/files",
            {
              validatorCompiler: jsonOrMultipartBody,
              schema: {
                hide: true,
                params: storeParamsSchema,
                body: openAiAddStoreFileBodySchema.optional(),
                response: { 200: openAiVectorStoreFileSchema },
              },
            },
            async (request) =>
              handlers.addStoreFile(
                authOf(request).projectId,
                request.params.id,
                multipartForm(request),
                request.body,
              ),
          );
        });

        mirror.get(
          "/files",
          {
            schema: {
              hide: true,
              querystring: listFilesQuerySchema,
              response: { 200: openAiListOf(openAiFileSchema) },
            },
          },
          async (request) => handlers.listFiles(authOf(request).projectId, request.query),
        );

        mirror.get(
          "/files/:file_id",
          { schema: { hide: true, params: fileParamsSchema, response: { 200: openAiFileSchema } } },
          async (request) => handlers.getFile(authOf(request).projectId, request.params.file_id),
        );

        mirror.get(
          "/files/:file_id/content",
          { schema: { hide: true, params: fileParamsSchema } },
          async (request, reply) => {
            const download = await handlers.downloadFile(authOf(request).projectId, request.params.file_id);
            return reply.headers(download.headers).send(download.content);
          },
        );

        mirror.delete(
          "/files/:file_id",
          {
            schema: { hide: true, params: fileParamsSchema, response: { 200: openAiDeletedSchema("file") } },
          },
          async (request) => handlers.deleteFile(authOf(request).projectId, request.params.file_id),
        );

        mirror.post(
          "/vector_stores",
          {
            schema: {
              hide: true,
              body: openAiCreateStoreBodySchema,
              response: { 200: openAiVectorStoreSchema },
            },
          },
          async (request) => handlers.createStore(authOf(request).projectId, request.body),
        );

        mirror.get(
          "/vector_stores",
          {
            schema: {
              hide: true,
              querystring: pageQuerySchema,
              response: { 200: openAiListOf(openAiVectorStoreSchema) },
            },
          },
          async (request) => handlers.listStores(authOf(request).projectId, request.query),
        );

        mirror.get(
          "/vector_stores/:id",
          { schema: { hide: true, params: storeParamsSchema, response: { 200: openAiVectorStoreSchema } } },
          async (request) => handlers.getStore(authOf(request).projectId, request.params.id),
        );

        mirror.post(
          "/vector_stores/:id",
          {
            schema: {
              hide: true,
              params: storeParamsSchema,
              body: updateStoreBodySchema,
              response: { 200: openAiVectorStoreSchema },
            },
          },
          async (request) => handlers.updateStore(authOf(request).projectId, request.params.id, request.body),
        );

        mirror.delete(
          "/vector_stores/:id",
          {
            schema: {
              hide: true,
              params: storeParamsSchema,
              response: { 200: openAiDeletedSchema("vector_store.deleted") },
            },
          },
          async (request) => handlers.deleteStore(authOf(request).projectId, request.params.id),
        );

        mirror.get(
          "/vector_stores/:id/files",
          {
            schema: {
              hide: true,
              params: storeParamsSchema,
              querystring: openAiListStoreFilesQuerySchema,
              response: { 200: openAiListOf(openAiVectorStoreFileSchema) },
            },
          },
          async (request) =>
            handlers.listStoreFiles(authOf(request).projectId, request.params.id, request.query),
        );

        mirror.get(
          "/vector_stores/:id/files/:file_id",
          {
            schema: {
              hide: true,
              params: storeFileParamsSchema,
              response: { 200: openAiVectorStoreFileSchema },
            },
          },
          async (request, reply) => {
            const file = await handlers.getStoreFile(
              authOf(request).projectId,
              request.params.id,
              request.params.file_id,
              { pollHelper: pollHelper(request) },
            );
            if (file.status === "in_progress") reply.header("openai-poll-after-ms", pollAfterMs);
            return file;
          },
        );

        mirror.post(
          "/vector_stores/:id/files/:file_id",
          {
            schema: {
              hide: true,
              params: storeFileParamsSchema,
              body: openAiUpdateStoreFileBodySchema,
              response: { 200: openAiVectorStoreFileSchema },
            },
          },
          async (request) =>
            handlers.updateStoreFile(
              authOf(request).projectId,
              request.params.id,
              request.params.file_id,
              request.body,
            ),
        );

        mirror.get(
          "/vector_stores/:id/files/:file_id/content",
          { schema: { hide: true, params: storeFileParamsSchema, response: { 200: fileContentPageSchema } } },
          async (request) =>
            handlers.storeFileContent(authOf(request).projectId, request.params.id, request.params.file_id),
        );

        mirror.delete(
          "/vector_stores/:id/files/:file_id",
          {
            schema: {
              hide: true,
              params: storeFileParamsSchema,
              response: { 200: openAiDeletedSchema("vector_store.file.deleted") },
            },
          },
          async (request) =>
            handlers.deleteStoreFile(authOf(request).projectId, request.params.id, request.params.file_id),
        );

        mirror.post(
          "/vector_stores/:id/file_batches",
          {
            schema: {
              hide: true,
              params: storeParamsSchema,
              body: openAiCreateFileBatchBodySchema,
              response: { 200: openAiFileBatchSchema },
            },
          },
          async (request) => {
            const body = request.body;
            if (body.files !== undefined) {
              throw new ApiError(
                422,
                "validation_failed",
                "`files` (per-file attributes) is not supported; send `file_ids`.",
                {
                  details: [{ path: "files", message: "is not supported; send file_ids" }],
                },
              );
            }
            if (!body.file_ids || body.file_ids.length === 0) {
              throw new ApiError(422, "validation_failed", "file_ids: must have at least one file id", {
                details: [{ path: "file_ids", message: "must have at least one file id" }],
              });
            }
            return handlers.createFileBatch(authOf(request).projectId, request.params.id, {
              file_ids: body.file_ids,
              attributes: body.attributes,
              chunking_strategy: body.chunking_strategy,
            });
          },
        );

        mirror.get(
          "/vector_stores/:id/file_batches/:batch_id",
          { schema: { hide: true, params: batchParamsSchema, response: { 200: openAiFileBatchSchema } } },
          async (request, reply) => {
            const batch = await handlers.getFileBatch(
              authOf(request).projectId,
              request.params.id,
              request.params.batch_id,
            );
            if (batch.status === "in_progress") reply.header("openai-poll-after-ms", pollAfterMs);
            return batch;
          },
        );

        mirror.post(
          "/vector_stores/:id/file_batches/:batch_id/cancel",
          { schema: { hide: true, params: batchParamsSchema, response: { 200: openAiFileBatchSchema } } },
          async (request) =>
            handlers.cancelFileBatch(authOf(request).projectId, request.params.id, request.params.batch_id),
        );

        mirror.get(
          "/vector_stores/:id/file_batches/:batch_id/files",
          {
            schema: {
              hide: true,
              params: batchParamsSchema,
              querystring: openAiListStoreFilesQuerySchema,
              response: { 200: openAiListOf(openAiVectorStoreFileSchema) },
            },
          },
          async (request) =>
            handlers.listFileBatchFiles(
              authOf(request).projectId,
              request.params.id,
              request.params.batch_id,
              request.query,
            ),
        );

        mirror.post(
          "/vector_stores/:id/search",
          {
            schema: {
              hide: true,
              params: storeParamsSchema,
              body: searchBodySchema,
              response: { 200: searchResultsSchema },
            },
          },
          async (request) => handlers.search(authOf(request).projectId, request.params.id, request.body),
        );
      });
    },
    { prefix: options.prefix ?? OPENAI_MIRROR_PREFIX },
  );
}
