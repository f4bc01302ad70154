import type { Readable } from "node:stream";
import type { AuthContext } from "../../infra/auth-context.js";
import { createGuardedFetch } from "../../infra/outbound-http/guarded-fetch.js";
import type { ModuleContext, ModuleParts } from "../../wiring/module-parts.js";
import { FileStore } from "../knowledge/index.js";
import { BotFileSource } from "./bot-file-source.js";
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
  const maxBytes = config.files.attachmentMaxBytes;
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

/**
 * The bot's files (send_file; docs/agent.md, "Sending files"): URLs fetched through the outbound
 * guard, cut at the attachment limit, or the project's knowledge files.
 */
export function composeBotFiles(
  context: ModuleContext,
  files: OutboundFileService,
  knowledgeFile: (projectId: string, fileId: string) => Promise<{ filename: string; content: Readable }>,
): BotFileSource {
  const guarded = createGuardedFetch({
    allowPrivate: context.config.webhooksAllowPrivate,
    refusalCode: "address_refused",
    maxBodyBytes: context.config.files.attachmentMaxBytes,
  });
  return new BotFileSource({ files, fetch: guarded.fetch, knowledgeFile });
}
