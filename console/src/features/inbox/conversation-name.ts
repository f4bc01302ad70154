/**
 * What the inbox calls a conversation (docs/console.md, "Reading the inbox"): the person's name
 * when the channel or the API gave one, otherwise "Visitor 12 · Website widget" — who (a short
 * number derived from the person, or the thread when there is none) and where. The list row and
 * the thread header both name a thread with this, from the fields a list item and a thread
 * detail share, so the two always read the same.
 */

/** The fields of a thread (list item or detail) a name is made of. */
export interface NameableThread {
  id: string;
  chat_id: string;
  person?: { id: string; name: string | null } | null;
}

/** Where a conversation happens. */
export type ConversationChannel =
  /** The web widget on a site (docs/widget.md): its threads' ids start with `w_`. */
  | { kind: "widget" }
  /** The console's own "Try it" chat of a bot (features/bots/try-chat.ts). */
  | { kind: "try" }
  /** The `parley` channel used through the API (the stream endpoint), not the widget. */
  | { kind: "api" }
  /** A messenger or other vendor (`telegram`, `vk`, …). */
  | { kind: "vendor"; vendor: string }
  /** The vendor is unknown to this session (operators cannot read integrations): the chat's name. */
  | { kind: "chat"; name: string }
  | { kind: "unknown" };

/** Who the conversation is with, when the person has no name. */
export type AnonymousKind = "visitor" | "tester" | "customer";

export type ConversationWho = { kind: "person"; name: string } | { kind: AnonymousKind; number: number };

export interface ConversationIdentity {
  who: ConversationWho;
  channel: ConversationChannel;
}

/** What the console knows about the thread's chat: its name and, for admins, its integration's vendor. */
export interface ChatFacts {
  name?: string;
  /** undefined when the session cannot read integrations, or has not loaded them yet. */
  vendor?: string;
}

/** The widget's thread ids (src/modules/widget/visitor-service.ts). */
const WIDGET_THREAD_PREFIX = "w_";
/** The console's "Try it" chats (features/bots/try-chat.ts). */
const TRY_CHAT_PREFIX = "Try it: ";
/** Numbers run from 1 to this: short enough to say, wide enough to rarely meet twice on one screen. */
const NUMBER_RANGE = 9999;

/** A stable number from 1 to 9999 for an id (FNV-1a): the same person or thread always gets the same. */
export function conversationNumber(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return (hash % NUMBER_RANGE) + 1;
}

export function channelOf(thread: NameableThread, chat: ChatFacts): ConversationChannel {
  const parleyOrUnknown = chat.vendor === undefined || chat.vendor === "parley";
  if (parleyOrUnknown && chat.name?.startsWith(TRY_CHAT_PREFIX)) return { kind: "try" };
  if (parleyOrUnknown && thread.id.startsWith(WIDGET_THREAD_PREFIX)) return { kind: "widget" };
  if (chat.vendor === "parley") return { kind: "api" };
  if (chat.vendor !== undefined) return { kind: "vendor", vendor: chat.vendor };
  if (chat.name) return { kind: "chat", name: chat.name };
  return { kind: "unknown" };
}

export function identify(thread: NameableThread, chat: ChatFacts): ConversationIdentity {
  const channel = channelOf(thread, chat);
  const name = thread.person?.name?.trim();
  if (name) return { who: { kind: "person", name }, channel };
  const number = conversationNumber(thread.person?.id ?? thread.id);
  const kind: AnonymousKind =
    channel.kind === "widget" ? "visitor" : channel.kind === "try" ? "tester" : "customer";
  return { who: { kind, number }, channel };
}
