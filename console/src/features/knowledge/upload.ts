import { ApiError, apiUrl, readResponse } from "../../api/client";
import type { UploadedFile } from "./api";

/**
 * POST /v1/files with XMLHttpRequest, because fetch cannot report upload progress. Like
 * api/client.ts it sends the session's CSRF token (the session cookie goes by itself) and
 * reads the answer the same way, so errors are the same `ApiError`s.
 * `purpose` goes before `file`: the server then streams the file straight to disk.
 */
export function uploadFile(
  file: File,
  options: {
    csrfToken: string | null;
    onProgress?(loaded: number, total: number): void;
    signal?: AbortSignal;
    /** For tests. */
    createRequest?: () => XMLHttpRequest;
  },
): Promise<UploadedFile> {
  return new Promise((resolve, reject) => {
    const xhr = options.createRequest?.() ?? new XMLHttpRequest();
    xhr.open("POST", apiUrl("/files"));
    xhr.withCredentials = true;
    xhr.setRequestHeader("accept", "application/json");
    if (options.csrfToken) xhr.setRequestHeader("x-csrf-token", options.csrfToken);
    xhr.upload.onprogress = (event) => {
      options.onProgress?.(event.loaded, event.lengthComputable ? event.total : file.size);
    };
    xhr.onload = () => {
      if (xhr.status < 200) {
        reject(new ApiError(0, "network_error", "The server could not be reached."));
        return;
      }
      const response = new Response(xhr.status === 204 ? null : xhr.responseText, {
        status: xhr.status,
        headers: { "content-type": "application/json" },
      });
      readResponse<UploadedFile>(response).then(resolve, reject);
    };
    xhr.onerror = () => reject(new ApiError(0, "network_error", "The server could not be reached."));
    xhr.onabort = () => reject(new DOMException("The upload was cancelled.", "AbortError"));
    if (options.signal) {
      if (options.signal.aborted) {
        reject(new DOMException("The upload was cancelled.", "AbortError"));
        return;
      }
      options.signal.addEventListener("abort", () => xhr.abort(), { once: true });
    }
    const body = new FormData();
    body.append("purpose", "assistants");
    body.append("file", file, file.name);
    xhr.send(body);
  });
}
