import { z } from "zod";
import { assigneeOf } from "../../events/message.js";
import type { ThreadActor } from "../../infra/auth-context.js";
import type { MessageRow } from "../../storage/repos/messages.repo.js";
import type { PersonRow } from "../../storage/repos/persons.repo.js";
import type { ThreadRow } from "../../storage/repos/threads.repo.js";
import { parseReplyFailure, toPublicMessage } from "../engine/index.js";
import type { ReplyWindow } from "./reply-window.js";
import type { Message, Thread, ThreadDetail } from "./schemas.js";

/**
 * `labels`: the thread's label names, sorted; `replyWindow`: a WhatsApp thread's (absent for
 * other channels); both loaded for a page of threads at once.
 */
export function toThread(row: ThreadRow, labels: string[], replyWindow?: ReplyWindow): Thread {
  return {
    id: row.id,
    chat_id: row.chat_id,
    bot_id: row.bot_id,
    mode: row.mode,
    title: row.title,
    last_message_at: row.last_message_at,
    pending_count: Number(row.pending_count),
    assignee: assigneeOf(row),
    team: row.team_id ? { id: row.team_id, name: row.team_name ?? "" } : null,
    taken_over_by: row.taken_over_by ? (JSON.parse(row.taken_over_by) as ThreadActor) : null,
    taken_over_at: row.taken_over_at,
    reply_failure: replyFailureOf(row),
    status: row.status,
    snoozed_until: row.snoozed_until,
    status_changed_at: row.status_changed_at ?? row.created_at,
    created_at: row.created_at,
    labels,
    reply_window: replyWindow ?? null,
  };
}

/** The stored give-up as the API shows it (its bookkeeping left out). */
function replyFailureOf(row: ThreadRow): Thread["reply_failure"] {
  const failure = parseReplyFailure(row.reply_failure);
  if (!failure) return null;
  const { code, reason, attempts, message_ids, failed_at } = failure;
  return { code, reason, attempts, message_ids, failed_at };
}

/** A message as the API shows it (the one public shape, events/message.ts). */
export function toMessage(row: MessageRow): Message {
  return toPublicMessage(row);
}

export function toThreadDetail(
  row: ThreadRow,
  person: PersonRow | undefined,
  stats: ThreadDetail["stats"],
  labels: string[],
  replyWindow?: ReplyWindow,
): ThreadDetail {
  return {
    ...toThread(row, labels, replyWindow),
    person: person
      ? {
          id: person.id,
          name: person.name,
          avatar_url: person.avatar_url,
          external_id: person.external_id ?? person.channel_user_id,
          ...(person.channel ? { channel: person.channel } : {}),
          email: person.email,
          phone: person.phone,
          notes: person.notes,
        }
      : null,
    stats,
  };
}

/** Opaque pagination cursors: a keyset position, or an offset for relevance-ordered search. */
type CursorState = { k: [string | null, string] } | { o: number };

export function encodeCursor(state: CursorState): string {
  return Buffer.from(JSON.stringify(state)).toString("base64url");
}

/** Offsets a search cursor may carry: far beyond any real result list, well inside every integer type. */
const MAX_CURSOR_OFFSET = 1_000_000;
const cursorStateSchema = z.union([
  z.strictObject({ o: z.number().int().min(0).max(MAX_CURSOR_OFFSET) }),
  z.strictObject({
    k: z.tuple([z.iso.datetime().nullable(), z.string().min(1).max(128)]),
  }),
]);

/** Only what encodeCursor issued decodes; anything else (forged, truncated, another shape) is undefined. */
export function decodeCursor(cursor: string): CursorState | undefined {
  if (cursor.length > 1024) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    return undefined;
  }
  const parsed = cursorStateSchema.safeParse(value);
  return parsed.success ? (parsed.data as CursorState) : undefined;
}
