import { api } from "../../api/client";

/** The canned responses API of docs/canned-responses.md (shapes as in /openapi.json). */

export interface CannedResponse {
  id: string;
  short_code: string;
  title: string | null;
  content: string;
  created_by: string;
  created_at: string;
  updated_at: string;
}

export interface CannedResponseList {
  data: CannedResponse[];
  next_cursor: string | null;
}

export interface CannedResponseBody {
  short_code: string;
  title: string | null;
  content: string;
}

const enc = encodeURIComponent;

export const cannedKeys = {
  all: ["canned-responses"] as const,
  list: (q: string) => ["canned-responses", "list", q] as const,
  picker: (q: string) => ["canned-responses", "picker", q] as const,
};

export const listCannedResponses = (q: string, cursor: string | null, limit = 50) =>
  api<CannedResponseList>("/canned_responses", { query: { q, cursor, limit } });

export const createCannedResponse = (body: CannedResponseBody) =>
  api<CannedResponse>("/canned_responses", { method: "POST", body });

export const updateCannedResponse = (id: string, body: Partial<CannedResponseBody>) =>
  api<CannedResponse>(`/canned_responses/${enc(id)}`, { method: "POST", body });

export const deleteCannedResponse = (id: string) =>
  api<{ id: string; deleted: true }>(`/canned_responses/${enc(id)}/delete`, { method: "POST" });

/** The text with the thread's variables filled; nothing is sent. */
export const renderCannedResponse = (id: string, threadId: string) =>
  api<{ text: string }>(`/canned_responses/${enc(id)}/render`, {
    method: "POST",
    body: { thread_id: threadId },
  });
