import { describe, expect, it } from "vitest";
import { ApiError } from "../../api/client";
import { FakeRequest } from "../../testing/fake-request";
import { uploadFile } from "./upload";

function start(options: { csrfToken?: string | null; signal?: AbortSignal } = {}) {
  const request = new FakeRequest();
  const progress: Array<[number, number]> = [];
  const file = new File(["hello world"], "notes.md", { type: "text/markdown" });
  const promise = uploadFile(file, {
    csrfToken: options.csrfToken === undefined ? "csrf-1" : options.csrfToken,
    onProgress: (loaded, total) => progress.push([loaded, total]),
    createRequest: () => request as unknown as XMLHttpRequest,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return { request, progress, promise };
}

describe("uploadFile", () => {
  it("POSTs multipart to /v1/files with the CSRF token, purpose before the file", async () => {
    const { request, promise } = start();
    expect(request.method).toBe("POST");
    expect(request.url).toBe("/v1/files");
    expect(request.withCredentials).toBe(true);
    expect(request.headers["x-csrf-token"]).toBe("csrf-1");
    expect([...request.body!.keys()]).toEqual(["purpose", "file"]);
    expect(request.body!.get("purpose")).toBe("assistants");
    expect((request.body!.get("file") as File).name).toBe("notes.md");
    request.answer(200, {
      id: "file_1",
      bytes: 11,
      filename: "notes.md",
      purpose: "assistants",
      created_at: "x",
    });
    await expect(promise).resolves.toMatchObject({ id: "file_1" });
  });

  it("sends no CSRF header without a token", () => {
    const { request } = start({ csrfToken: null });
    expect(request.headers["x-csrf-token"]).toBeUndefined();
  });

  it("reports progress, with the file size when the total is unknown", () => {
    const { request, progress } = start();
    request.upload.onprogress?.({ loaded: 100, total: 400, lengthComputable: true });
    request.upload.onprogress?.({ loaded: 5, total: 0, lengthComputable: false });
    expect(progress).toEqual([
      [100, 400],
      [5, 11],
    ]);
  });

  it("turns an error answer into the API's error", async () => {
    const { request, promise } = start();
    request.answer(413, { code: "payload_too_large", message: "The file is too large." });
    const error = await promise.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 413,
      code: "payload_too_large",
      message: "The file is too large.",
    });
  });

  it("reports a network failure as network_error", async () => {
    const { request, promise } = start();
    request.onerror?.();
    await expect(promise).rejects.toMatchObject({ code: "network_error", status: 0 });
  });

  it("aborts when the signal fires", async () => {
    const controller = new AbortController();
    const { request, promise } = start({ signal: controller.signal });
    controller.abort();
    expect(request.aborted).toBe(true);
    await expect(promise).rejects.toMatchObject({ name: "AbortError" });
  });
});
