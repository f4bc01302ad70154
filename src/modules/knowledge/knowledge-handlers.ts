import type { Readable } from "node:stream";
import type { Clock } from "../../infra/clock.js";
import { ApiError } from "../../infra/errors.js";
import type {
  Deleted,
  FileBatchRecord,
  FileQuery,
  FileRecord,
  KnowledgeApi,
  PageQuery,
  StoreFileRecord,
  StoreFileStatus,
  VectorStoreRecord,
} from "./knowledge-api.js";
import {
  addStoreFileInput,
  createFileBatchInput,
  createStoreInput,
  searchRequest,
  storeFileAttributes,
  updateStoreInput,
} from "./requests.js";
import { attachmentDisposition, contentPage, listPage, searchPage } from "./serialize-v1.js";
import type { UploadForm } from "./upload-form.js";
import { type UploadOptions, uploadFile, uploadStoreFile } from "./uploads.js";

/** How the mirror's poll-helper clients are shown a store file (see openAiStoreFile). */
export interface StoreFileView {
  pollHelper?: boolean;
}

/** What a face's serializer of each record is given. */
interface Shown {
  file: [file: FileRecord];
  /** `now`: one instant for every store of a response (the mirror shows `expired` by it). */
  store: [store: VectorStoreRecord, now: Date];
  storeFile: [file: StoreFileRecord, view: StoreFileView];
  batch: [batch: FileBatchRecord];
  fileDeleted: [deleted: Deleted];
  storeDeleted: [deleted: Deleted];
  storeFileDeleted: [deleted: Deleted];
}

/** The response body a face shows for each kind of record. */
export type FaceShapes = Record<keyof Shown, unknown>;

/**
 * One HTTP face of the knowledge module (docs/knowledge.md): Parley's `/v1` (serialize-v1.ts)
 * or the OpenAI-compatible mirror (serialize-openai.ts). `show` turns records into that face's
 * bodies; `storeFileStatus` reads the face's store file `filter`.
 */
export interface KnowledgeFace<T extends FaceShapes, Filter> {
  show: { [K in keyof T]: (...shown: K extends keyof Shown ? Shown[K] : never) => T[K] };
  storeFileStatus(filter: Filter): StoreFileStatus;
}

export interface KnowledgeHandlersOptions {
  upload: UploadOptions;
  clock: Clock;
}

type StoreFileListQuery<Filter> = PageQuery & { filter?: Filter | undefined };

/**
 * The knowledge operations as one face answers them: validated requests in (the caller's
 * project, the path's ids, the body or query), response bodies out. Both route files serve
 * these handlers; each keeps only its paths, schemas and error format. A multipart upload is
 * an UploadForm (multipart-http.ts reads it off the request); any other body is undefined there.
 */
export function knowledgeHandlers<T extends FaceShapes, Filter>(
  knowledge: KnowledgeApi,
  face: KnowledgeFace<T, Filter>,
  options: KnowledgeHandlersOptions,
) {
  const { show } = face;
  const listStoreFiles = async (
    projectId: string,
    storeId: string,
    { filter, ...page }: StoreFileListQuery<Filter>,
    batchId?: string,
  ) => {
    const files = await knowledge.listStoreFiles(projectId, storeId, {
      ...page,
      filter: filter === undefined ? undefined : face.storeFileStatus(filter),
      batchId,
    });
    return listPage(files, (file) => show.storeFile(file, {}));
  };

  return {
    // Files

    uploadFile: async (projectId: string, form: UploadForm | undefined) =>
      show.file(await uploadFile(knowledge, form, projectId, options.upload)),

    listFiles: async (projectId: string, query: FileQuery) =>
      listPage(await knowledge.listFiles(projectId, query), (file) => show.file(file)),

    getFile: async (projectId: string, fileId: string) =>
      show.file(await knowledge.getFile(projectId, fileId)),

    /** The bytes as uploaded, with the headers that name them. */
    downloadFile: async (
      projectId: string,
      fileId: string,
    ): Promise<{ content: Readable; headers: Record<string, string> }> => {
      const { file, content } = await knowledge.fileContent(projectId, fileId);
      return {
        content,
        headers: {
          "content-type": "application/octet-stream",
          "content-disposition": attachmentDisposition(file.filename),
        },
      };
    },

    deleteFile: async (projectId: string, fileId: string) =>
      show.fileDeleted(await knowledge.deleteFile(projectId, fileId)),

    // Stores

    createStore: async (projectId: string, body: Parameters<typeof createStoreInput>[0]) =>
      show.store(await knowledge.createStore(projectId, createStoreInput(body)), options.clock.now()),

    listStores: async (projectId: string, query: PageQuery) => {
      const now = options.clock.now();
      return listPage(await knowledge.listStores(projectId, query), (store) => show.store(store, now));
    },

    getStore: async (projectId: string, storeId: string) =>
      show.store(await knowledge.getStore(projectId, storeId), options.clock.now()),

    updateStore: async (projectId: string, storeId: string, body: Parameters<typeof updateStoreInput>[0]) =>
      show.store(
        await knowledge.updateStore(projectId, storeId, updateStoreInput(body)),
        options.clock.now(),
      ),

    deleteStore: async (projectId: string, storeId: string) =>
      show.storeDeleted(await knowledge.deleteStore(projectId, storeId)),

    // Store files

    /** A JSON body adds an uploaded file; a multipart one uploads the file and adds it. */
    addStoreFile: async (
      projectId: string,
      storeId: string,
      form: UploadForm | undefined,
      body: Parameters<typeof addStoreFileInput>[0] | undefined,
    ) => {
      if (form)
        return show.storeFile(await uploadStoreFile(knowledge, form, projectId, storeId, options.upload), {});
      if (!body) throw new ApiError(400, "body_required", "This operation needs a JSON object body.");
      return show.storeFile(await knowledge.addStoreFile(projectId, storeId, addStoreFileInput(body)), {});
    },

    listStoreFiles: (projectId: string, storeId: string, query: StoreFileListQuery<Filter>) =>
      listStoreFiles(projectId, storeId, query),

    getStoreFile: async (projectId: string, storeId: string, fileId: string, view: StoreFileView = {}) =>
      show.storeFile(await knowledge.getStoreFile(projectId, storeId, fileId), view),

    updateStoreFile: async (
      projectId: string,
      storeId: string,
      fileId: string,
      body: Parameters<typeof storeFileAttributes>[0],
    ) =>
      show.storeFile(
        await knowledge.updateStoreFile(projectId, storeId, fileId, storeFileAttributes(body)),
        {},
      ),

    storeFileContent: async (projectId: string, storeId: string, fileId: string) =>
      contentPage(await knowledge.storeFileContent(projectId, storeId, fileId)),

    deleteStoreFile: async (projectId: string, storeId: string, fileId: string) =>
      show.storeFileDeleted(await knowledge.deleteStoreFile(projectId, storeId, fileId)),

    // File batches

    createFileBatch: async (
      projectId: string,
      storeId: string,
      body: Parameters<typeof createFileBatchInput>[0],
    ) => show.batch(await knowledge.createFileBatch(projectId, storeId, createFileBatchInput(body))),

    getFileBatch: async (projectId: string, storeId: string, batchId: string) =>
      show.batch(await knowledge.getFileBatch(projectId, storeId, batchId)),

    cancelFileBatch: async (projectId: string, storeId: string, batchId: string) =>
      show.batch(await knowledge.cancelFileBatch(projectId, storeId, batchId)),

    listFileBatchFiles: (
      projectId: string,
      storeId: string,
      batchId: string,
      query: StoreFileListQuery<Filter>,
    ) => listStoreFiles(projectId, storeId, query, batchId),

    // Search

    search: async (projectId: string, storeId: string, body: Parameters<typeof searchRequest>[0]) =>
      searchPage(await knowledge.search(projectId, storeId, searchRequest(body))),
  };
}
