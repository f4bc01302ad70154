import { ApiError, apiUrl, readResponse } from "./client";

export interface UploadOptions {
  csrfToken: string | null;
  onProgress?(loaded: number, total: number): void;
  signal?: AbortSignal;
  /** For tests. */
  createRequest?: () => XMLHttpRequest;
}

/**
 * POSTs a multipart form to `/v1<path>` with XMLHttpRequest, because fetch cannot report upload
 * progress. Like client.ts it sends the session's CSRF token (the session cookie goes by itself)
 * and reads the answer the same way, so errors are the same `ApiError`s. `size` is the total
 * progress reports when the browser cannot compute one.
 */
export function postFormWithProgress<T>(
  path: string,
  body: FormData,
  size: number,
  options: UploadOptions,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = options.createRequest?.() ?? new XMLHttpRequest();
    xhr.open("POST", apiUrl(path));
    xhr.withCredentials = true;
    xhr.setRequestHeader("accept", "application/json");
    if (options.csrfToken) xhr.setRequestHeader("x-csrf-token", options.csrfToken);
    xhr.upload.onprogress = (event) => {
      options.onProgress?.(event.loaded, event.lengthComputable ? event.total : size);
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
      readResponse<T>(response).then(resolve, reject);
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
    xhr.send(body);
  });
}
