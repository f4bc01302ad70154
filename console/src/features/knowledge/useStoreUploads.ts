import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useReducer, useRef } from "react";
import { api } from "../../api/client";
import { useSignedIn } from "../../auth/SessionProvider";
import { useErrorText } from "../../components/QueryState";
import { attachFileToStore, knowledgeKeys } from "./api";
import { uploadFile } from "./upload";
import { uploadsReducer } from "./upload-queue";

const DONE_VISIBLE_MS = 4000;

/**
 * Uploads picked files to a store (docs/knowledge.md): POST /v1/files with progress, then
 * POST /v1/vector_stores/:id/files; the file is then ingested in the background. One file at a
 * time per pick. Uploads keep going if the page is left; only the progress display goes.
 */
export function useStoreUploads(storeId: string) {
  const session = useSignedIn();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [uploads, dispatch] = useReducer(uploadsReducer, []);
  const controllers = useRef(new Map<string, AbortController>());
  // Not crypto.randomUUID: it is missing on plain-http origins (a console on a LAN address).
  const nextId = useRef(0);

  const uploadOne = useCallback(
    async (id: string, file: File) => {
      const controller = new AbortController();
      controllers.current.set(id, controller);
      let uploadedId: string | null = null;
      try {
        const uploaded = await uploadFile(file, {
          csrfToken: session.csrf_token,
          signal: controller.signal,
          onProgress: (loaded, total) => dispatch({ type: "progress", id, loaded, total }),
        });
        uploadedId = uploaded.id;
        if (controller.signal.aborted) throw new DOMException("cancelled", "AbortError");
        dispatch({ type: "attaching", id });
        await attachFileToStore(storeId, uploaded.id);
        dispatch({ type: "done", id });
        setTimeout(() => dispatch({ type: "dismissed", id }), DONE_VISIBLE_MS);
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: knowledgeKeys.store(storeId) }),
          queryClient.invalidateQueries({ queryKey: knowledgeKeys.stores, exact: true }),
        ]);
      } catch (error) {
        // An uploaded file that did not make it into the store would only take space.
        if (uploadedId) {
          api(`/files/${encodeURIComponent(uploadedId)}`, { method: "DELETE" }).catch(() => {});
        }
        if ((error as Error).name === "AbortError") dispatch({ type: "cancelled", id });
        else dispatch({ type: "failed", id, error: errorText(error) });
      } finally {
        controllers.current.delete(id);
      }
    },
    [storeId, session.csrf_token, errorText, queryClient],
  );

  const start = useCallback(
    async (files: File[]) => {
      const items = files.map((file) => ({
        id: `upload-${++nextId.current}`,
        name: file.name,
        size: file.size,
        file,
      }));
      dispatch({ type: "added", items: items.map(({ id, name, size }) => ({ id, name, size })) });
      for (const item of items) await uploadOne(item.id, item.file);
    },
    [uploadOne],
  );

  const cancel = useCallback((id: string) => controllers.current.get(id)?.abort(), []);
  const dismiss = useCallback((id: string) => dispatch({ type: "dismissed", id }), []);

  return { uploads, start, cancel, dismiss };
}
