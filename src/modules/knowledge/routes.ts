import type { Readable } from "node:stream";
import { z } from "zod";
import { authOf } from "../../infra/api-guard.js";
import { systemClock } from "../../infra/clock.js";
import { deletedSchema } from "../../infra/common-schemas.js";
import { errorResponses } from "../../infra/error-responses.js";
import type { App } from "../../infra/http-types.js";
import type { KnowledgeApi } from "./knowledge-api.js";
import { knowledgeHandlers } from "./knowledge-handlers.js";
import { bodyReadByHandler, enableMultipart, jsonOrMultipartBody, multipartForm } from "./multipart-http.js";
import {
  addStoreFileRequestSchema,
  batchParamsSchema,
  createFileBatchBodySchema,
  createStoreBodySchema,
  fileBatchSchema,
  fileContentPageSchema,
  fileListSchema,
  fileObjectSchema,
  fileParamsSchema,
  listFilesQuerySchema,
  listStoreFilesQuerySchema,
  pageQuerySchema,
  searchBodySchema,
  searchResultsSchema,
  storeFileParamsSchema,
  storeParamsSchema,
  updateStoreBodySchema,
  updateStoreFileBodySchema,
  uploadFileFormSchema,
  vectorStoreFileListSchema,
  vectorStoreFileSchema,
  vectorStoreListSchema,
  vectorStoreSchema,
} from "./schemas.js";
import { v1Face } from "./serialize-v1.js";

const tags = ["Knowledge"];

export interface KnowledgeRoutesOptions {
  /** The largest file an upload may carry; beyond it 413 `payload_too_large`. */
  maxUploadBytes: number;
}

/** A stream for a route whose 200 is documented as binary (its schema, z.string(), types the reply). */
const binary = (content: Readable) => content as unknown as string;

const binaryResponse = {
  description: "The file's bytes.",
  content: { "application/octet-stream": { schema: z.string().meta({ format: "binary" }) } },
};

/**
 * Files and vector stores on Parley's `/v1` (docs/knowledge.md): OpenAI's operations and
 * fields, with the API reference's statuses and ISO 8601 `created_at`. Register inside the `/v1` scope (after
 * installApiGuard and installIdempotency): the uploads get a plugin scope of their own that
 * accepts `multipart/form-data`; every other route keeps the JSON-only body parsing.
 */
export async function knowledgeRoutes(
  app: App,
  knowledge: KnowledgeApi,
  options: KnowledgeRoutesOptions,
): Promise<void> {
  const handlers = knowledgeHandlers(knowledge, v1Face, {
    upload: { maxUploadBytes: options.maxUploadBytes },
    clock: systemClock,
  });

  await app.register(async (scope) => {
    const uploads = scope as unknown as App;
    await enableMultipart(uploads, options.maxUploadBytes);

    uploads.post(
      "/files",
      {
        validatorCompiler: bodyReadByHandler,
        schema: {
          tags,
          operationId: "uploadFile",
          summary: "Upload a file",
          description:
            "`multipart/form-data` with a `file` part and a `purpose` field (`assistants` for vector stores), " +
            `as OpenAI's clients send it. Files are streamed; one larger than the upload limit is 413.`,
          consumes: ["multipart/form-data"],
          body: uploadFileFormSchema,
          response: {
            200: fileObjectSchema,
            ...errorResponses({
              413: "`payload_too_large`: the file is larger than the upload limit (PARLEY_MAX_UPLOAD_BYTES).",
            }),
          },
        },
      },
      async (request) => handlers.uploadFile(authOf(request).projectId, multipartForm(request)),
    );

    uploads.post(
      "/vector_stores/:id/files",
      {
        validatorCompiler: jsonOrMultipartBody,
        schema: {
          tags,
          operationId: "createVectorStoreFile",
          summary: "Add a file to a vector store",
          description:
            "JSON `{file_id, attributes?, chunking_strategy?}` adds an uploaded file. Or upload it directly: " +
            "`multipart/form-data` with a `file` part and, optionally, `attributes` and `chunking_strategy` " +
            "fields holding JSON. The file is then processed (status `pending`, then `processed` or `error`).",
          consumes: ["application/json", "multipart/form-data"],
          params: storeParamsSchema,
          body: addStoreFileRequestSchema,
          response: {
            200: vectorStoreFileSchema,
            ...errorResponses({
              404: "`file_not_found`: `file_id` names no file.",
              413: "`payload_too_large`: the file is larger than the upload limit (PARLEY_MAX_UPLOAD_BYTES).",
            }),
          },
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

  app.get(
    "/files",
    {
      schema: {
        tags,
        operationId: "listFiles",
        summary: "List the project's files",
        querystring: listFilesQuerySchema,
        response: { 200: fileListSchema },
      },
    },
    async (request) => handlers.listFiles(authOf(request).projectId, request.query),
  );

  app.get(
    "/files/:file_id",
    {
      schema: {
        tags,
        operationId: "getFile",
        summary: "Get a file",
        params: fileParamsSchema,
        response: { 200: fileObjectSchema },
      },
    },
    async (request) => handlers.getFile(authOf(request).projectId, request.params.file_id),
  );

  app.get(
    "/files/:file_id/content",
    {
      schema: {
        tags,
        operationId: "downloadFile",
        summary: "Download a file",
        description: "The bytes as uploaded (`application/octet-stream`, named in Content-Disposition).",
        params: fileParamsSchema,
        response: { 200: binaryResponse },
      },
    },
    async (request, reply) => {
      const download = await handlers.downloadFile(authOf(request).projectId, request.params.file_id);
      return reply.headers(download.headers).send(binary(download.content));
    },
  );

  app.delete(
    "/files/:file_id",
    {
      schema: {
        tags,
        operationId: "deleteFile",
        summary: "Delete a file",
        description: "It leaves every vector store it was in.",
        params: fileParamsSchema,
        response: { 200: deletedSchema },
      },
    },
    async (request) => handlers.deleteFile(authOf(request).projectId, request.params.file_id),
  );

  app.post(
    "/vector_stores",
    {
      schema: {
        tags,
        operationId: "createVectorStore",
        summary: "Create a vector store",
        description:
          "With `file_ids`, those files are added and processed (status `indexing` until they are).",
        body: createStoreBodySchema,
        response: {
          200: vectorStoreSchema,
          ...errorResponses({ 404: "`file_not_found`: a `file_ids` entry names no file." }),
        },
      },
    },
    async (request) => handlers.createStore(authOf(request).projectId, request.body),
  );

  app.get(
    "/vector_stores",
    {
      schema: {
        tags,
        operationId: "listVectorStores",
        summary: "List the project's vector stores",
        description: "Cursor paging: pass `last_id` as `after` for the next page while `has_more`.",
        querystring: pageQuerySchema,
        response: { 200: vectorStoreListSchema },
      },
    },
    async (request) => handlers.listStores(authOf(request).projectId, request.query),
  );

  app.get(
    "/vector_stores/:id",
    {
      schema: {
        tags,
        operationId: "getVectorStore",
        summary: "Get a vector store",
        params: storeParamsSchema,
        response: { 200: vectorStoreSchema },
      },
    },
    async (request) => handlers.getStore(authOf(request).projectId, request.params.id),
  );

  app.post(
    "/vector_stores/:id",
    {
      schema: {
        tags,
        operationId: "updateVectorStore",
        summary: "Update a vector store",
        description: "Only the fields sent change; null clears `metadata` and `expires_after`.",
        params: storeParamsSchema,
        body: updateStoreBodySchema,
        response: { 200: vectorStoreSchema },
      },
    },
    async (request) => handlers.updateStore(authOf(request).projectId, request.params.id, request.body),
  );

  app.delete(
    "/vector_stores/:id",
    {
      schema: {
        tags,
        operationId: "deleteVectorStore",
        summary: "Delete a vector store",
        description: "Its files stay (as files); only their chunks and embeddings in this store go.",
        params: storeParamsSchema,
        response: { 200: deletedSchema },
      },
    },
    async (request) => handlers.deleteStore(authOf(request).projectId, request.params.id),
  );

  app.get(
    "/vector_stores/:id/files",
    {
      schema: {
        tags,
        operationId: "listVectorStoreFiles",
        summary: "List a vector store's files",
        params: storeParamsSchema,
        querystring: listStoreFilesQuerySchema,
        response: { 200: vectorStoreFileListSchema },
      },
    },
    async (request) => handlers.listStoreFiles(authOf(request).projectId, request.params.id, request.query),
  );

  app.get(
    "/vector_stores/:id/files/:file_id",
    {
      schema: {
        tags,
        operationId: "getVectorStoreFile",
        summary: "Get a vector store file",
        params: storeFileParamsSchema,
        response: { 200: vectorStoreFileSchema },
      },
    },
    async (request) =>
      handlers.getStoreFile(authOf(request).projectId, request.params.id, request.params.file_id),
  );

  app.post(
    "/vector_stores/:id/files/:file_id",
    {
      schema: {
        tags,
        operationId: "updateVectorStoreFile",
        summary: "Update a vector store file's attributes",
        description: "Replaces the attributes.",
        params: storeFileParamsSchema,
        body: updateStoreFileBodySchema,
        response: { 200: vectorStoreFileSchema },
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

  app.get(
    "/vector_stores/:id/files/:file_id/content",
    {
      schema: {
        tags,
        operationId: "getVectorStoreFileContent",
        summary: "Get a vector store file's parsed text",
        description: "The text extracted from the file, chunk by chunk, once it is `processed`.",
        params: storeFileParamsSchema,
        response: { 200: fileContentPageSchema },
      },
    },
    async (request) =>
      handlers.storeFileContent(authOf(request).projectId, request.params.id, request.params.file_id),
  );

  app.delete(
    "/vector_stores/:id/files/:file_id",
    {
      schema: {
        tags,
        operationId: "deleteVectorStoreFile",
        summary: "Remove a file from a vector store",
        description: "The file itself stays; delete it with DELETE /files/:file_id.",
        params: storeFileParamsSchema,
        response: { 200: deletedSchema },
      },
    },
    async (request) =>
      handlers.deleteStoreFile(authOf(request).projectId, request.params.id, request.params.file_id),
  );

  app.post(
    "/vector_stores/:id/file_batches",
    {
      schema: {
        tags,
        operationId: "createVectorStoreFileBatch",
        summary: "Add several files to a vector store",
        body: createFileBatchBodySchema,
        params: storeParamsSchema,
        response: {
          200: fileBatchSchema,
          ...errorResponses({ 404: "`file_not_found`: a `file_ids` entry names no file." }),
        },
      },
    },
    async (request) => handlers.createFileBatch(authOf(request).projectId, request.params.id, request.body),
  );

  app.get(
    "/vector_stores/:id/file_batches/:batch_id",
    {
      schema: {
        tags,
        operationId: "getVectorStoreFileBatch",
        summary: "Get a file batch",
        params: batchParamsSchema,
        response: { 200: fileBatchSchema },
      },
    },
    async (request) =>
      handlers.getFileBatch(authOf(request).projectId, request.params.id, request.params.batch_id),
  );

  app.post(
    "/vector_stores/:id/file_batches/:batch_id/cancel",
    {
      schema: {
        tags,
        operationId: "cancelVectorStoreFileBatch",
        summary: "Cancel a file batch",
        description: "Files of the batch not processed yet become `cancelled`.",
        params: batchParamsSchema,
        response: { 200: fileBatchSchema },
      },
    },
    async (request) =>
      handlers.cancelFileBatch(authOf(request).projectId, request.params.id, request.params.batch_id),
  );

  app.get(
    "/vector_stores/:id/file_batches/:batch_id/files",
    {
      schema: {
        tags,
        operationId: "listVectorStoreFileBatchFiles",
        summary: "List a file batch's files",
        params: batchParamsSchema,
        querystring: listStoreFilesQuerySchema,
        response: { 200: vectorStoreFileListSchema },
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

  app.post(
    "/vector_stores/:id/search",
    {
      schema: {
        tags,
        operationId: "searchVectorStore",
        summary: "Search a vector store",
        description:
          "The chunks most relevant to `query` (a string or several), best first, optionally narrowed " +
          "by attribute `filters` (comparisons, `in`/`nin`, `and`/`or`, at most 5 levels deep).",
        params: storeParamsSchema,
        body: searchBodySchema,
        response: { 200: searchResultsSchema },
      },
    },
    async (request) => handlers.search(authOf(request).projectId, request.params.id, request.body),
  );
}
