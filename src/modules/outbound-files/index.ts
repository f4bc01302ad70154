/** The outbound files module's public face (docs/development.md, "Modules"). */

export { type BotFileRequest, type BotFileResult, BotFileSource } from "./bot-file-source.js";
export { composeBotFiles, composeOutboundFiles } from "./compose.js";
export { fileTypeOf, fileTypeOfMime, type OutboundFileKind } from "./file-types.js";
export {
  MAX_CAPTION,
  MAX_MESSAGE_FILES,
  type MessageFile,
  messageFileSchema,
  messageFilesOf,
} from "./message-files.js";
export { type FileRef, OutboundFileService } from "./outbound-file-service.js";
