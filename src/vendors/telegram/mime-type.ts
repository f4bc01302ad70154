/**
 * Telegram's file server mostly answers `application/octet-stream`, so a file's type is taken
 * from its extension when the answer names none worth keeping.
 */
const BY_EXTENSION: Record<string, string> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  webp: "image/webp",
  mp4: "video/mp4",
  mov: "video/quicktime",
  webm: "video/webm",
  oga: "audio/ogg",
  ogg: "audio/ogg",
  opus: "audio/ogg",
  mp3: "audio/mpeg",
  m4a: "audio/mp4",
  wav: "audio/wav",
  flac: "audio/flac",
  pdf: "application/pdf",
  txt: "text/plain",
  csv: "text/csv",
  json: "application/json",
  zip: "application/zip",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xls: "application/vnd.ms-excel",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  tgs: "application/x-tgsticker",
};

const GENERIC = "application/octet-stream";

export function fileMimeType(contentType: string | undefined, filePath: string): string {
  const declared = contentType?.split(";")[0]?.trim().toLowerCase();
  if (declared && declared !== GENERIC) return declared;
  const extension = /\.([A-Za-z0-9]+)$/.exec(filePath)?.[1]?.toLowerCase();
  return (extension && BY_EXTENSION[extension]) || GENERIC;
}
