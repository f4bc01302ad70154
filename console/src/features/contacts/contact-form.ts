/**
 * What the contact forms turn into an update (docs/contacts.md, "Updating"): only changed fields
 * are sent, an emptied field is cleared (null), and attribute rows become keys to set and keys
 * to remove (null).
 */
import type { AttributeValue, Contact, ContactUpdate } from "./api";

export const TEXT_FIELDS = ["name", "email", "phone", "notes"] as const;
export type TextField = (typeof TEXT_FIELDS)[number];
export type ContactDraft = Record<TextField, string>;

export interface AttributeRow {
  key: string;
  value: string;
}

export function draftOf(contact: Pick<Contact, TextField>): ContactDraft {
  return {
    name: contact.name ?? "",
    email: contact.email ?? "",
    phone: contact.phone ?? "",
    notes: contact.notes ?? "",
  };
}

/** The text fields that changed: trimmed (notes keep their inner lines), empty as null. */
export function fieldsPatch(contact: Pick<Contact, TextField>, draft: ContactDraft): ContactUpdate {
  const patch: ContactUpdate = {};
  for (const field of TEXT_FIELDS) {
    const text = draft[field].trim();
    const next = text === "" ? null : text;
    if (next !== (contact[field] ?? null)) patch[field] = next;
  }
  return patch;
}

export function attributeRowsOf(attributes: Record<string, AttributeValue>): AttributeRow[] {
  return Object.entries(attributes).map(([key, value]) => ({ key, value: String(value) }));
}

/**
 * The attribute changes of the rows against the stored attributes: removed keys as null, new
 * or changed values set. A value keeps the stored type when its text still reads as one
 * (a number stays a number, `true`/`false` a boolean); anything else is text. Rows without a
 * key are ignored.
 */
export function attributesPatch(
  stored: Record<string, AttributeValue>,
  rows: AttributeRow[],
): Record<string, AttributeValue | null> {
  const patch: Record<string, AttributeValue | null> = {};
  const kept = new Set<string>();
  for (const row of rows) {
    const key = row.key.trim();
    if (key === "") continue;
    kept.add(key);
    const value = typed(row.value, stored[key]);
    if (stored[key] !== value) patch[key] = value;
  }
  for (const key of Object.keys(stored)) if (!kept.has(key)) patch[key] = null;
  return patch;
}

function typed(text: string, before: AttributeValue | undefined): AttributeValue {
  if (typeof before === "number" && text.trim() !== "" && Number.isFinite(Number(text))) return Number(text);
  if (typeof before === "boolean" && (text === "true" || text === "false")) return text === "true";
  return text;
}
