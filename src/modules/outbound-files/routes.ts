import type { Readable } from "node:stream";
import type { FastifyReply } from "fastify";
import { z } from "zod";
import { authOf } from "../../infra/api-guard.js";
import type { AuthContext } from "../../infra/auth-context.js";
import { errorResponses } from "../../infra/error-responses.js";
import { ApiError } from "../../infra/errors.js";
import type { App } from "../../infra/http-types.js";
import type { OutboundFileRow } from "../../storage/repos/outbound-files.repo.js";
import {
  attachmentDisposition,
  bodyReadByHandler,
  enableMultipart,
  multipartForm,
} from "../knowledge/index.js";
import { ALLOWED_EXTENSIONS, INLINE_TYPES } from "./file-types.js";
import { type MessageFile, messageFileSchema } from "./message-files.js";
import type { OutboundFileService } from "./outbound-file-service.js";

const tags = ["Threads"];

const threadParams = z.object({ thread_id: z.string() });
const fileParams = z.object({ thread_id: z.string(), file_id: z.string() });

const uploadFormSchema = z
  .object({
    file: z.string().meta({ format: "binary" }).describe("The file; its name's extension gives its type."),
  })
  .meta({ id: "AttachmentUpload" });

const binaryResponse = {
  description: "The file's bytes.",
  content: { "application/octet-stream": { schema: z.string().meta({ format: "binary" }) } },
};

/** A stream for a route whose 200 is documented as binary. */
const binary = (content: Readable) => content as unknown as string;

export interface OutboundFileRoutesDeps {
  files: OutboundFileService;
  maxBytes: number;
  /** The caller's thread (404, or 403 for another project's). */
  resolveThread(auth: AuthContext, threadId: string): Promise<{ id: string }>;
}

export const toMessageFile = (row: OutboundFileRow): MessageFile => ({
  id: row.id,
  kind: row.kind,
  name: row.name,
  mime_type: row.mime_type,
  size: row.size,
});

/**
 * Sends the file's bytes: never sniffed, images of the allow-list inline (their bytes were
 * checked on upload), everything else as a download, and no script may run in it.
 */
export function sendFileBytes(reply: FastifyReply, row: OutboundFileRow, content: Readable) {
  const disposition = attachmentDisposition(row.name);
  return reply
    .headers({
      "content-type": row.mime_type,
      "content-length": String(row.size),
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; sandbox",
      "content-disposition": INLINE_TYPES.has(row.mime_type)
        ? disposition.replace(/^attachment/, "inline")
        : disposition,
    })
    .send(binary(content));
}

/**
 * `/v1` routes of files operators send (docs/conversations.md, "Sending as an operator"): the upload, in a plugin
 * scope of its own that accepts multipart, and the authenticated download.
 */
export async function outboundFileRoutes(app: App, deps: OutboundFileRoutesDeps): Promise<void> {
  const { files } = deps;
  await app.register(async (scope) => {
    const uploads = scope as unknown as App;
    await enableMultipart(uploads, deps.maxBytes);
    uploads.post(
      "/threads/:thread_id/files",
      {
        validatorCompiler: bodyReadByHandler,
        schema: {
          tags,
          operationId: "uploadThreadAttachment",
          summary: "Upload a file to send in a thread",
          description:
            "`multipart/form-data` with one `file` part, streamed into the file store. Its type comes from its " +
            `name's extension: ${ALLOWED_EXTENSIONS.join(", ")}; images must really be that format. Answers the ` +
            "file; send it with `files` on POST /v1/threads/{id}/send.",
          consumes: ["multipart/form-data"],
          params: threadParams,
          body: uploadFormSchema,
          response: {
            200: messageFileSchema,
            ...errorResponses({
              413: "`payload_too_large`: larger than PARLEY_ATTACHMENT_MAX_BYTES.",
              415: "`unsupported_media_type`: a type not on the list, or an image whose bytes are not that image.",
            }),
          },
        },
      },
      async (request) => {
        const auth = authOf(request);
        const thread = await deps.resolveThread(auth, request.params.thread_id);
        const form = multipartForm(request);
        if (!form) {
          throw new ApiError(
            400,
            "unsupported_content_type",
            "Upload the file as multipart/form-data (`file`).",
          );
        }
        const { stored } = await form.receive({
          maxUploadBytes: deps.maxBytes,
          fields: [],
          readyToStore: () => true,
          check: () => undefined,
          store: (file) => files.keep(auth.projectId, thread.id, file.filename, file.content),
          discard: async () => undefined,
        });
        return toMessageFile(stored);
      },
    );
  });

  app.get(
    "/threads/:thread_id/files/:file_id",
    {
      schema: {
        tags,
        operationId: "downloadThreadAttachment",
        summary: "Download a file sent in a thread",
        description: "The bytes; allowed images inline, every other type as a download (`nosniff`).",
        params: fileParams,
        response: { 200: binaryResponse, ...errorResponses({}) },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const thread = await deps.resolveThread(auth, request.params.thread_id);
      const row = await files.find(auth.projectId, thread.id, request.params.file_id);
      if (!row) throw new ApiError(404, "not_found", `No file '${request.params.file_id}' in this thread.`);
      return sendFileBytes(reply, row, files.open(row));
    },
  );
}

/** GET /files/out/:id: the file a signed link names (public: the signature is the permission). */
export function signedFileRoutes(app: App, files: OutboundFileService): void {
  app.get("/files/out/:file_id", { schema: { hide: true } }, async (request, reply) => {
    const { file_id: fileId } = request.params as { file_id: string };
    const { expires, sig } = request.query as { expires?: string; sig?: string };
    const row = await files.bySignedLink(
      fileId,
      typeof expires === "string" ? expires : undefined,
      typeof sig === "string" ? sig : undefined,
    );
    if (!row) {
      return reply.code(403).send({ code: "forbidden", message: "The link is not valid or has expired." });
    }
    // Signed links are opened from other sites: the widget shows pictures on the customer's page.
    reply.header("cross-origin-resource-policy", "cross-origin");
    return sendFileBytes(reply, row, files.open(row));
  });
}
