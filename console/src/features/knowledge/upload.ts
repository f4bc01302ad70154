import { postFormWithProgress, type UploadOptions } from "../../api/upload";
import type { UploadedFile } from "./api";

/**
 * POST /v1/files with upload progress (api/upload.ts). `purpose` goes before `file`: the server
 * then streams the file straight to disk.
 */
export function uploadFile(file: File, options: UploadOptions): Promise<UploadedFile> {
  const body = new FormData();
  body.append("purpose", "assistants");
  body.append("file", file, file.name);
  return postFormWithProgress<UploadedFile>("/files", body, file.size, options);
}
