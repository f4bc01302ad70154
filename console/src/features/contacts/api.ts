/** Contacts (docs/contacts.md): the console's calls to /v1/contacts. */
import { api } from "../../api/client";

export type AttributeValue = string | number | boolean;

export interface ContactIdentity {
  channel: string | null;
  id: string;
  contact_id: string;
}

export interface Contact {
  id: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  avatar_url: string | null;
  attributes: Record<string, AttributeValue>;
  notes: string | null;
  external_id: string | null;
  channels: ContactIdentity[];
  /** Its label names, sorted (docs/labels.md). */
  labels?: string[];
  thread_count: number;
  last_seen_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface ContactThread {
  id: string;
  chat_id: string;
  chat_name: string | null;
  channel: string | null;
  bot_id: string;
  mode: "auto" | "manual" | "operator" | "blocked";
  title: string | null;
  last_message_at: string | null;
  pending_count: number;
  created_at: string;
}

interface Page<T> {
  data: T[];
  next_cursor: string | null;
}

/** What the edit forms send: a field set to null is cleared; attributes null removes the key. */
export interface ContactUpdate {
  name?: string | null;
  email?: string | null;
  phone?: string | null;
  notes?: string | null;
  attributes?: Record<string, AttributeValue | null>;
}

const enc = encodeURIComponent;

export const contactKeys = {
  all: ["contacts"] as const,
  list: (q: string) => ["contacts", "list", q] as const,
  contact: (id: string) => ["contacts", "one", id] as const,
  threads: (id: string) => ["contacts", "one", id, "threads"] as const,
};

export const listContacts = (q: string, cursor: string | null) =>
  api<Page<Contact>>("/contacts", { query: { q: q.trim() || undefined, limit: 30, cursor } });

export const getContact = (id: string) => api<Contact>(`/contacts/${enc(id)}`);

export const createContact = (body: { name: string; email?: string; phone?: string }) =>
  api<Contact>("/contacts", { method: "POST", body });

export const updateContact = (id: string, body: ContactUpdate) =>
  api<Contact>(`/contacts/${enc(id)}`, { method: "POST", body });

export const listContactThreads = (id: string, cursor: string | null) =>
  api<Page<ContactThread>>(`/contacts/${enc(id)}/threads`, { query: { limit: 50, cursor } });

export const mergeContact = (id: string, from: string) =>
  api<Contact>(`/contacts/${enc(id)}/merge`, { method: "POST", body: { from } });

export const deleteContact = (id: string) =>
  api<{ id: string; deleted: true }>(`/contacts/${enc(id)}/delete`, { method: "POST" });
