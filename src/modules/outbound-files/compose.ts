import type { AuthContext } from "../../infra/auth-context.js";
import type { ModuleContext, ModuleParts } from "../../wiring/module-parts.js";
import { FileStore } from "../knowledge/index.js";
import { OutboundFileService } from "./outbound-file-service.js";
import { outboundFileRoutes, signedFileRoutes } from "./routes.js";

/**
 * Pictures and files out (docs/channels.md, "Files"): the files operators upload and the bot
 * fetches, kept in the file store, their `/v1` upload and download, and the signed links
 * vendors and customers open.
 */
export function composeOutboundFiles(
  context: ModuleContext,
  deps: { resolveThread(auth: AuthContext, threadId: string): Promise<{ id: string }> },
): ModuleParts & { files: OutboundFileService } {
  const { config, repos, secrets, clock, newId } = context;
  const maxBytes = config.files.maxAttachmentBytes;
  const files = new OutboundFileService({
    repos,
    store: new FileStore(config.files.dir, maxBytes),
    secrets,
    clock,
    newId,
    publicUrl: config.publicUrl,
  });
  return {
    name: "outbound-files",
    files,
    routes: (api) => outboundFileRoutes(api, { files, maxBytes, resolveThread: deps.resolveThread }),
    publicRoutes: (app) => signedFileRoutes(app, files),
  };
}
