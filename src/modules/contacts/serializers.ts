import type { ContactIdentity, ContactStats, ContactThreadRow } from "../../storage/repos/contacts.repo.js";
import type { PersonRow } from "../../storage/repos/persons.repo.js";
import type { Contact, ContactThread } from "./schemas.js";

type Attributes = Contact["attributes"];

/** A stored attributes column as an object (null or unreadable: none). */
export function parseAttributes(stored: string | null): Attributes {
  if (!stored) return {};
  try {
    const value: unknown = JSON.parse(stored);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Attributes) : {};
  } catch {
    return {};
  }
}

/** The survivor's attributes with the merged contact's keys it lacks; the same text when nothing is added. */
export function mergedAttributes(survivor: string | null, merged: string | null): string | null {
  const own = parseAttributes(survivor);
  const added = Object.entries(parseAttributes(merged)).filter(([key]) => !(key in own));
  if (added.length === 0) return survivor;
  return JSON.stringify({ ...own, ...Object.fromEntries(added) });
}

export function toContact(
  row: PersonRow,
  stats: ContactStats | undefined,
  identities: ContactIdentity[],
  labels: string[],
): Contact {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    avatar_url: row.avatar_url,
    attributes: parseAttributes(row.attributes),
    notes: row.notes,
    external_id: row.channel === null ? row.external_id : null,
    channels: identities.flatMap((identity) => {
      const id = identity.channel === null ? identity.external_id : identity.channel_user_id;
      return id === null ? [] : [{ channel: identity.channel, id, contact_id: identity.person_id }];
    }),
    labels,
    thread_count: stats?.thread_count ?? 0,
    last_seen_at: stats?.last_seen_at ?? null,
    created_at: row.created_at,
    updated_at: row.updated_at ?? row.created_at,
  };
}

export function toContactThread(row: ContactThreadRow): ContactThread {
  return {
    id: row.id,
    chat_id: row.chat_id,
    chat_name: row.chat_name,
    channel: row.vendor,
    bot_id: row.bot_id,
    mode: row.mode,
    title: row.title,
    last_message_at: row.last_message_at,
    pending_count: Number(row.pending_count),
    created_at: row.created_at,
  };
}
