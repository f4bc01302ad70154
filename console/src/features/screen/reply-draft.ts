/**
 * The bot's reply while it is written (docs/console.md, "The operator's screen"): the thread
 * stream's `reply_delta` events joined into a draft per thread, until the stored reply arrives
 * (`message_created` from the bot) and replaces it. Pure state, and a small store the thread
 * view reads with useSyncExternalStore.
 */

export interface ReplyDelta {
  type: "reply_delta";
  thread_id: string;
  turn_id: string;
  offset: number;
  delta: string;
}

export interface ReplyDraft {
  turnId: string;
  text: string;
  /** Where `text` starts in the reply. */
  start: number;
  /** The stream was joined mid-reply: the beginning is missing. */
  partial: boolean;
}

export function toReplyDelta(data: unknown): ReplyDelta | null {
  if (!data || typeof data !== "object") return null;
  const event = data as Record<string, unknown>;
  return event.type === "reply_delta" &&
    typeof event.thread_id === "string" &&
    typeof event.turn_id === "string" &&
    typeof event.offset === "number" &&
    typeof event.delta === "string"
    ? (event as unknown as ReplyDelta)
    : null;
}

/**
 * The draft after a delta. A delta of a turn already finished (`ended`) changes nothing: it can
 * arrive after the stored reply. A new turn starts a new draft (marked partial when it does not
 * start at the reply's beginning).
 */
export function applyDelta(
  draft: ReplyDraft | null,
  delta: ReplyDelta,
  ended: ReadonlySet<string>,
): ReplyDraft | null {
  if (ended.has(delta.turn_id)) return draft;
  const current =
    draft && draft.turnId === delta.turn_id
      ? draft
      : { turnId: delta.turn_id, text: "", start: delta.offset, partial: delta.offset > 0 };
  const end = current.start + current.text.length;
  // Seen already (in part): only what is new is added; a gap (a delta lost) is joined as is.
  const fresh = delta.offset < end ? delta.delta.slice(end - delta.offset) : delta.delta;
  return fresh ? { ...current, text: current.text + fresh } : current;
}

type Listener = () => void;

/** Drafts by thread, shared by the stream's handler and the view. */
class ReplyDraftStore {
  private drafts = new Map<string, ReplyDraft>();
  private readonly ended = new Set<string>();
  private readonly listeners = new Set<Listener>();

  get(threadId: string): ReplyDraft | null {
    return this.drafts.get(threadId) ?? null;
  }

  /** Takes a thread stream's event; true when it was a reply delta (nothing else to do with it). */
  take(data: unknown): boolean {
    const delta = toReplyDelta(data);
    if (!delta) return false;
    const before = this.get(delta.thread_id);
    const after = applyDelta(before, delta, this.ended);
    if (after !== before && after) this.set(delta.thread_id, after);
    return true;
  }

  /** The stored reply arrived: the draft is done, and late deltas of its turn are ignored. */
  end(threadId: string): void {
    const draft = this.drafts.get(threadId);
    if (!draft) return;
    this.ended.add(draft.turnId);
    if (this.ended.size > 200) this.ended.delete(this.ended.values().next().value as string);
    this.set(threadId, null);
  }

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(threadId: string, draft: ReplyDraft | null): void {
    const next = new Map(this.drafts);
    if (draft) next.set(threadId, draft);
    else next.delete(threadId);
    this.drafts = next;
    for (const listener of [...this.listeners]) listener();
  }
}

export const replyDrafts = new ReplyDraftStore();
