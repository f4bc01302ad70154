import { z } from "zod";
import { authOf } from "../../../infra/api-guard.js";
import { ApiError } from "../../../infra/errors.js";
import type { App } from "../../../infra/http-types.js";
import type { AttachmentFiles } from "./attachment-files.js";

/**
 * Image types a browser may show in the page: raster formats only. SVG (scripts) and anything
 * else is served as a download, so a customer's file never runs in the console's origin.
 */
const INLINE_TYPES = new Set(["image/jpeg", "image/png", "image/gif", "image/webp"]);

const paramsSchema = z.object({ thread_id: z.string(), file_id: z.string() });

/** GET /v1/threads/:thread_id/attachments/:file_id (docs/api.md, "Attachments"). */
export function attachmentFileRoutes(app: App, files: AttachmentFiles): void {
  app.get(
    "/threads/:thread_id/attachments/:file_id",
    {
      schema: {
        tags: ["Threads"],
        operationId: "downloadAttachment",
        summary: "Download a file a customer sent",
        description:
          "The copy Parley keeps of a channel attachment (its `file.url`), with its stored Content-Type. " +
          "JPEG, PNG, GIF and WebP images are served inline, everything else as an attachment. 404 once " +
          "the retention deleted it, and for another project's file.",
        params: paramsSchema,
        response: {
          200: {
            description: "The file's bytes.",
            content: { "application/octet-stream": { schema: z.string().meta({ format: "binary" }) } },
          },
        },
      },
    },
    async (request, reply) => {
      const { thread_id: threadId, file_id: fileId } = request.params;
      const file = await files.read(authOf(request).projectId, threadId, fileId);
      if (!file) {
        throw new ApiError(404, "attachment_not_found", `No kept attachment with id '${fileId}' exists.`);
      }
      const inline = INLINE_TYPES.has(file.mimeType);
      return reply
        .headers({
          "content-type": file.mimeType,
          "content-length": String(file.size),
          "content-disposition": inline ? "inline" : "attachment",
          "x-content-type-options": "nosniff",
          "content-security-policy": "default-src 'none'; sandbox",
          "cache-control": "private, max-age=3600",
        })
        .send(file.content as unknown as string);
    },
  );
}
