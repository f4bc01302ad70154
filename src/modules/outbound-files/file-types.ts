import { extname } from "node:path";
import { ApiError } from "../../infra/errors.js";

/**
 * What may be sent as a file (docs/channels.md, "Files"): an allow-list by the name's extension.
 * Anything a browser would run or render as a page (HTML, SVG, scripts, executables) is not on
 * it, so a link Parley serves can never become a page of Parley's origin. Images must also
 * start with their format's signature: an "image" is only shown inline when it is one.
 */
export type OutboundFileKind = "image" | "document";

interface FileType {
  mime: string;
  kind: OutboundFileKind;
}

const image = (mime: string): FileType => ({ mime, kind: "image" });
const document = (mime: string): FileType => ({ mime, kind: "document" });

const TYPES: Readonly<Record<string, FileType>> = {
  ".jpg": image("image/jpeg"),
  ".jpeg": image("image/jpeg"),
  ".png": image("image/png"),
  ".webp": image("image/webp"),
  ".gif": image("image/gif"),
  ".pdf": document("application/pdf"),
  ".txt": document("text/plain"),
  ".csv": document("text/csv"),
  ".rtf": document("application/rtf"),
  ".doc": document("application/msword"),
  ".docx": document("application/vnd.openxmlformats-officedocument.wordprocessingml.document"),
  ".xls": document("application/vnd.ms-excel"),
  ".xlsx": document("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
  ".ppt": document("application/vnd.ms-powerpoint"),
  ".pptx": document("application/vnd.openxmlformats-officedocument.presentationml.presentation"),
  ".odt": document("application/vnd.oasis.opendocument.text"),
  ".ods": document("application/vnd.oasis.opendocument.spreadsheet"),
  ".zip": document("application/zip"),
};

/** The extensions accepted, for error messages and the docs. */
export const ALLOWED_EXTENSIONS = Object.keys(TYPES).map((ext) => ext.slice(1));

/** The mime types shown inline (images whose bytes were checked); everything else downloads. */
export const INLINE_TYPES: ReadonlySet<string> = new Set(
  Object.values(TYPES)
    .filter((type) => type.kind === "image")
    .map((type) => type.mime),
);

export class UnsupportedMediaType extends ApiError {
  constructor(message: string) {
    super(415, "unsupported_media_type", message);
  }
}

/** The type of a file by its name; 415 `unsupported_media_type` when it is not on the list. */
export function fileTypeOf(name: string): FileType {
  const type = TYPES[extname(name).toLowerCase()];
  if (!type) {
    throw new UnsupportedMediaType(
      `'${name}' is not a file type Parley sends. Allowed: ${ALLOWED_EXTENSIONS.join(", ")}.`,
    );
  }
  return type;
}

/** The type of a file by a mime type a server declared (`send_file` from a URL), or undefined. */
export function fileTypeOfMime(mime: string): (FileType & { extension: string }) | undefined {
  const bare = mime.split(";")[0]?.trim().toLowerCase() ?? "";
  const found = Object.entries(TYPES).find(([, type]) => type.mime === bare);
  return found ? { ...found[1], extension: found[0] } : undefined;
}

/** How many leading bytes the signatures below need. */
export const SIGNATURE_BYTES = 12;

/** Whether `head` (the first SIGNATURE_BYTES, or all of a shorter file) is an image of `mime`. */
export function hasImageSignature(mime: string, head: Buffer): boolean {
  const starts = (bytes: number[], at = 0) => bytes.every((byte, index) => head[at + index] === byte);
  switch (mime) {
    case "image/jpeg":
      return starts([0xff, 0xd8, 0xff]);
    case "image/png":
      return starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    case "image/gif":
      return (
        head.subarray(0, 6).toString("latin1") === "GIF87a" ||
        head.subarray(0, 6).toString("latin1") === "GIF89a"
      );
    case "image/webp":
      return (
        head.subarray(0, 4).toString("latin1") === "RIFF" &&
        head.subarray(8, 12).toString("latin1") === "WEBP"
      );
    default:
      return true;
  }
}
