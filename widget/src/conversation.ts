/**
 * The conversation as the widget shows it, without any DOM: messages in display order, the
 * reply being streamed, de-duplication against the events stream, the unread count and the
 * operator-takeover lines. The view listens and mirrors it.
 */
import type { Feedback } from "./feedback";
import type { Strings } from "./i18n";

export type Author = "user" | "bot" | "operator" | "system";
export type Mode = "auto" | "manual" | "operator" | "blocked";

/** A button under a bot or operator message (docs/widget.md, "Buttons"). */
export interface Button {
  kind: "reply" | "link";
  label: string;
  id?: string;
  url?: string;
}

/** A message as the widget API returns it. */
export interface ServerMessage {
  id: string;
  author: string;
  content: string;
  created_at?: string;
  operator_name?: string | null;
  /** The visitor's own rating of a bot message (in the history). */
  feedback?: Feedback;
  buttons?: Button[];
  choice?: { message_id: string; button_id: string; label: string };
  /** Pictures and files an operator or the bot sent, each with a link that opens it. */
  files?: SentFile[];
}

/** A file under a message (docs/widget.md, "Files"): pictures shown, documents linked. */
export interface SentFile {
  kind: "image" | "document";
  name: string;
  size: number;
  url: string;
  caption?: string;
}

export interface ChatMessage {
  /** Stable for the message's life on the page (ids arrive late for streamed replies). */
  key: number;
  id: string | null;
  author: Author;
  text: string;
  operatorName?: string;
  /** A bot reply still streaming in. */
  streaming?: boolean;
  /** The visitor's rating of a bot answer, as the server holds it. */
  feedback?: Feedback;
  /** Buttons under a bot or operator message: chips and links. */
  buttons?: Button[];
  /** The visitor wrote (or chose) after it: its chips no longer answer. */
  answered?: boolean;
  /** Pictures and files it sent. */
  files?: SentFile[];
}

export interface ConversationListener {
  added(message: ChatMessage): void;
  updated(message: ChatMessage): void;
  removed(message: ChatMessage): void;
  /** Everything went away (a new session started). */
  cleared(): void;
  unread(count: number): void;
}

const HUMAN_MODES = new Set<string>(["manual", "operator"]);

/** Counts bot and operator messages that arrive while the panel is closed. */
export class UnreadCounter {
  count = 0;
  private open = false;

  constructor(private readonly changed: (count: number) => void = () => {}) {}

  setOpen(open: boolean): void {
    this.open = open;
    if (open && this.count !== 0) {
      this.count = 0;
      this.changed(0);
    }
  }

  reset(): void {
    if (this.count === 0) return;
    this.count = 0;
    this.changed(0);
  }

  arrived(author: Author): void {
    if (this.open || (author !== "bot" && author !== "operator")) return;
    this.count++;
    this.changed(this.count);
  }
}

/** Which language's yes/no the message asks for, when it ends with an approval question. */
export function approvalLanguage(text: string): "en" | "ru" | null {
  const tail = text.slice(-400);
  if (/ответьте\s*[«"“„']?\s*да(?![\p{L}\p{N}])/iu.test(tail)) return "ru";
  if (/reply\s*[«"“”'‘]?\s*yes(?![\p{L}\p{N}])/iu.test(tail)) return "en";
  return null;
}

function normalise(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

export class Conversation {
  readonly messages: ChatMessage[] = [];
  readonly unread: UnreadCounter;
  mode: Mode = "auto";
  private nextKey = 1;
  private readonly ids = new Set<string>();
  /** A reply request is in flight: bot messages from the events stream wait for its finish. */
  private replying = false;
  private streaming: ChatMessage | null = null;
  private held: ServerMessage[] = [];
  /** A streamed reply cut off before its id arrived; its full copy may still come as an event. */
  private orphan: ChatMessage | null = null;

  constructor(
    private readonly listener: ConversationListener,
    private readonly strings: Strings,
  ) {
    this.unread = new UnreadCounter((count) => listener.unread(count));
  }

  setOpen(open: boolean): void {
    this.unread.setOpen(open);
  }

  /** Forgets everything (a new visitor session means a new thread). */
  reset(): void {
    this.messages.length = 0;
    this.ids.clear();
    this.replying = false;
    this.streaming = null;
    this.held = [];
    this.orphan = null;
    this.mode = "auto";
    this.unread.reset();
    this.listener.cleared();
  }

  /** The thread's history, oldest first. Messages shown already (by id) are not repeated. */
  loadHistory(history: ServerMessage[], mode: string): void {
    for (const message of history) this.receive(message, false);
    if (HUMAN_MODES.has(mode) && this.mode !== mode) this.system(this.strings.nowPerson);
    this.mode = asMode(mode);
  }

  /** A `message_created` event. */
  receive(message: ServerMessage, countUnread = true): void {
    const author = asAuthor(message.author);
    if (!author || typeof message.id !== "string") return;
    if (this.ids.has(message.id)) {
      this.adoptButtons(message);
      return;
    }
    if (author === "bot" && this.replying) {
      this.held.push(message);
      return;
    }
    if (author === "user") {
      // The visitor's own message, echoed back: it is on screen already, without an id.
      const text = normalise(message.content);
      const local = this.messages.find(
        (m) => m.author === "user" && m.id === null && normalise(m.text) === text,
      );
      if (local) {
        local.id = message.id;
        this.ids.add(message.id);
        return;
      }
    }
    if (author === "bot" && this.orphan) {
      const orphan = this.orphan;
      this.orphan = null;
      if (message.content.startsWith(orphan.text.trimEnd())) {
        orphan.id = message.id;
        orphan.text = message.content;
        this.ids.add(message.id);
        this.listener.updated(orphan);
        return;
      }
    }
    this.ids.add(message.id);
    const operatorName = author === "operator" && message.operator_name ? message.operator_name : undefined;
    const feedback = author === "bot" ? message.feedback : undefined;
    if (author === "user") this.answerChips();
    const buttons = author !== "user" ? validButtons(message.buttons) : undefined;
    const files = author !== "user" ? validFiles(message.files) : undefined;
    this.add({ id: message.id, author, text: message.content, operatorName, feedback, buttons, files });
    if (countUnread) this.unread.arrived(author);
  }

  /** The server took the visitor's rating of a bot answer. */
  rated(message: ChatMessage, feedback: Feedback): void {
    message.feedback = feedback;
    this.listener.updated(message);
  }

  /** A `mode_changed` event. */
  changeMode(mode: string): void {
    const next = asMode(mode);
    if (next === this.mode) return;
    const wasHuman = HUMAN_MODES.has(this.mode);
    const isHuman = HUMAN_MODES.has(next);
    this.mode = next;
    if (isHuman && !wasHuman) this.system(this.strings.nowPerson);
    else if (next === "auto" && wasHuman) this.system(this.strings.nowBot);
  }

  /** The visitor sent `text` (or chose a chip labelled so): it shows at once, without an id until the server echoes it. */
  sent(text: string): ChatMessage {
    this.orphan = null;
    this.answerChips();
    return this.add({ id: null, author: "user", text });
  }

  /** Chips above the visitor's newest message no longer answer: they are shown disabled. */
  private answerChips(): void {
    for (const message of this.messages) {
      if (!message.buttons || message.answered) continue;
      message.answered = true;
      this.listener.updated(message);
    }
  }

  /** Takes back a message the server never accepted. */
  unsend(message: ChatMessage): void {
    this.remove(message);
  }

  beginReply(): void {
    this.replying = true;
    this.streaming = null;
  }

  delta(text: string): void {
    if (!this.replying || text === "") return;
    if (!this.streaming) {
      this.streaming = this.add({ id: null, author: "bot", text, streaming: true });
      this.unread.arrived("bot");
      return;
    }
    this.streaming.text += text;
    this.listener.updated(this.streaming);
  }

  /** The reply stream ended: with the stored message's id, or null when a person answers. */
  finishReply(messageId: string | null): void {
    const streamed = this.endReply();
    if (streamed && messageId) {
      streamed.id = messageId;
      this.ids.add(messageId);
    }
    if (streamed) this.listener.updated(streamed);
    this.release(streamed && messageId ? messageId : null);
  }

  /** The reply stream broke off (network, error frame). */
  failReply(): void {
    const streamed = this.endReply();
    if (streamed) {
      this.listener.updated(streamed);
      this.orphan = streamed;
    }
    this.release(null);
  }

  get isReplying(): boolean {
    return this.replying;
  }

  /**
   * Yes/no language when the last message is a bot question asking for it and carries no
   * buttons of its own (a question stored before questions had Yes / No buttons).
   */
  get approval(): "en" | "ru" | null {
    const last = this.messages[this.messages.length - 1];
    if (last?.author !== "bot" || last.streaming || this.replying || last.buttons) return null;
    return approvalLanguage(last.text);
  }

  private endReply(): ChatMessage | null {
    const streamed = this.streaming;
    this.replying = false;
    this.streaming = null;
    if (streamed) streamed.streaming = false;
    return streamed;
  }

  /**
   * Shows the bot messages held back during the reply, except the one it was, whose buttons
   * (known only from its stored copy) the streamed message takes.
   */
  private release(shownId: string | null): void {
    const held = this.held;
    this.held = [];
    for (const message of held) {
      if (message.id !== shownId) this.receive(message);
      else this.adoptButtons(message);
    }
  }

  /** A streamed reply learns its buttons from its stored copy, whichever of the two comes first. */
  private adoptButtons(message: ServerMessage): void {
    const shown = this.messages.find((m) => m.id === message.id);
    const buttons = validButtons(message.buttons);
    if (!shown || shown.buttons || !buttons) return;
    shown.buttons = buttons;
    if (this.messages.slice(this.messages.indexOf(shown) + 1).some((m) => m.author === "user")) {
      shown.answered = true;
    }
    this.listener.updated(shown);
  }

  private system(text: string): void {
    this.add({ id: null, author: "system", text });
  }

  private add(message: Omit<ChatMessage, "key">): ChatMessage {
    const full: ChatMessage = { key: this.nextKey++, ...message };
    if (full.operatorName === undefined) delete full.operatorName;
    if (full.streaming === undefined) delete full.streaming;
    if (full.feedback === undefined) delete full.feedback;
    if (full.buttons === undefined) delete full.buttons;
    this.messages.push(full);
    this.listener.added(full);
    return full;
  }

  private remove(message: ChatMessage): void {
    const index = this.messages.indexOf(message);
    if (index === -1) return;
    this.messages.splice(index, 1);
    this.listener.removed(message);
  }
}

/** The buttons worth showing: well-formed ones, links only to http(s) pages; none: undefined. */
function validButtons(buttons: unknown): Button[] | undefined {
  if (!Array.isArray(buttons)) return undefined;
  const valid = buttons.filter(
    (b): b is Button =>
      typeof b === "object" &&
      b !== null &&
      typeof b.label === "string" &&
      ((b.kind === "reply" && typeof b.id === "string") ||
        (b.kind === "link" && typeof b.url === "string" && /^https?:\/\//i.test(b.url))),
  );
  return valid.length > 0 ? valid : undefined;
}

/** Files with an http(s) link and a known kind; anything else from the server is ignored. */
function validFiles(files: unknown): SentFile[] | undefined {
  if (!Array.isArray(files)) return undefined;
  const valid = files.filter(
    (f): f is SentFile =>
      typeof f === "object" &&
      f !== null &&
      (f.kind === "image" || f.kind === "document") &&
      typeof f.name === "string" &&
      typeof f.url === "string" &&
      /^https?:\/\//i.test(f.url),
  );
  return valid.length > 0 ? valid : undefined;
}

function asAuthor(author: string): Author | null {
  return author === "user" || author === "bot" || author === "operator" ? author : null;
}

function asMode(mode: string): Mode {
  return mode === "manual" || mode === "operator" || mode === "blocked" ? mode : "auto";
}
