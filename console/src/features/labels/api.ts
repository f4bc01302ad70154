import { api } from "../../api/client";

/** A label of the project (OpenAPI `Label`; docs/labels.md). */
export interface Label {
  id: string;
  name: string;
  color: string | null;
  description: string | null;
  created_at: string;
  updated_at: string;
}

const enc = encodeURIComponent;

export const labelKeys = {
  all: ["labels"] as const,
};

export const listLabels = () => api<{ data: Label[] }>("/labels").then((answer) => answer.data);

export const createLabel = (body: { name: string; color: string | null }) =>
  api<Label>("/labels", { method: "POST", body });

export const updateLabel = (id: string, body: { name?: string; color?: string | null }) =>
  api<Label>(`/labels/${enc(id)}`, { method: "POST", body });

export const deleteLabel = (id: string) =>
  api<{ id: string; deleted: true }>(`/labels/${enc(id)}/delete`, { method: "POST" });

/** Puts labels on a thread (by name); answers the thread's labels. */
export const addThreadLabels = (threadId: string, labels: string[]) =>
  api<{ data: Label[] }>(`/threads/${enc(threadId)}/labels`, { method: "POST", body: { labels } });

export const removeThreadLabels = (threadId: string, labels: string[]) =>
  api<{ data: Label[] }>(`/threads/${enc(threadId)}/labels/remove`, { method: "POST", body: { labels } });

/** Puts labels on a contact (by name); answers the contact's labels. */
export const addContactLabels = (contactId: string, labels: string[]) =>
  api<{ data: Label[] }>(`/contacts/${enc(contactId)}/labels`, { method: "POST", body: { labels } });

export const removeContactLabels = (contactId: string, labels: string[]) =>
  api<{ data: Label[] }>(`/contacts/${enc(contactId)}/labels/remove`, { method: "POST", body: { labels } });
