/**
 * The widget's controller: loads the chat's look, keeps the visitor session, streams replies and
 * the thread's events into the conversation, and wires the view to both.
 */
import { Api, ApiError, type ChatSettings, type Fetch } from "./api";
import { type ChatMessage, Conversation, type ServerMessage } from "./conversation";
import type { Embed } from "./embed";
import { backoffDelay, EventStream } from "./events";
import type { Rating } from "./feedback";
import { dictionaries, format, resolveLang, type Strings } from "./i18n";
import { readSse, SseParser } from "./sse";
import { type KeyValue, SessionStore } from "./store";
import { View } from "./view";

export interface WidgetDeps {
  fetch: Fetch;
  storage: KeyValue | null;
  doc?: Document;
  navigatorLanguage?: string;
  /** Delay before retry `n` of a failed session or history request. */
  backoff?(attempt: number): number;
}

interface ReplyFrame {
  type?: string;
  textDelta?: string;
  delta?: string;
  message_id?: string | null;
}

const MAX_TEXT = 4000;

export class Widget {
  readonly api: Api;
  readonly store: SessionStore;
  view: View | null = null;
  conversation: Conversation | null = null;
  private strings: Strings = dictionaries.en;
  private events: EventStream | null = null;
  /** Resolves when the session and history are in place. */
  private ready: Promise<boolean> | null = null;
  private isReady = false;
  /** Identity refused (or the chat gone): nothing more is sent. */
  private dead = false;
  private wantOpen: boolean | null = null;
  /** Events that came before the history did. */
  private early: Array<() => void> | null = null;
  private renewals: number[] = [];

  constructor(
    private readonly embed: Embed,
    private readonly deps: WidgetDeps,
  ) {
    this.api = new Api(embed.base, embed.chatId, deps.fetch);
    this.store = new SessionStore(embed.chatId, deps.storage);
  }

  /** Fetches the chat's look and shows the launcher. False when the chat refuses this site. */
  async mount(): Promise<boolean> {
    let settings: ChatSettings;
    try {
      settings = await this.api.chat();
    } catch (error) {
      console.warn(
        "[parley] the chat widget is unavailable:",
        error instanceof Error ? error.message : error,
      );
      return false;
    }
    const lang = resolveLang(settings.language ?? "auto", this.deps.navigatorLanguage);
    this.strings = dictionaries[lang];
    const view = new View(
      {
        title: settings.title ?? "",
        greeting: settings.greeting ?? "",
        color: settings.color ?? "",
        position: settings.position === "left" ? "left" : "right",
        lang,
      },
      {
        send: (text) => void this.send(text),
        choose: (_message, button) => {
          if (button.id) void this.send(button.label, button.id);
        },
        rate: (message, rating, comment) => this.rate(message, rating, comment),
        openChanged: (open) => {
          this.conversation?.setOpen(open);
          if (open) void this.connect();
        },
      },
      this.deps.doc,
    );
    this.view = view;
    this.conversation = new Conversation(
      {
        added: (m) => {
          view.added(m);
          this.refreshQuickReplies();
        },
        updated: (m) => {
          view.updated(m);
          if (!m.streaming) this.refreshQuickReplies();
        },
        removed: (m) => {
          view.removed(m);
          this.refreshQuickReplies();
        },
        cleared: () => {
          view.cleared();
          this.refreshQuickReplies();
        },
        unread: (n) => view.setUnread(n),
      },
      this.strings,
    );
    view.setComposer(true, false);
    view.mount();
    // A returning visitor (or a signed-in one) connects at once, to hear from an operator; a new
    // one only when the panel first opens, so that page views alone create no sessions.
    if (this.store.token || this.embed.identity) void this.connect();
    const open = this.wantOpen ?? this.embed.open;
    if (open) view.setOpen(true, this.wantOpen !== null);
    return true;
  }

  open(): void {
    if (this.view) this.view.setOpen(true);
    else this.wantOpen = true;
  }

  close(): void {
    if (this.view) this.view.setOpen(false);
    else this.wantOpen = false;
  }

  toggle(): void {
    if (this.view) this.view.setOpen(!this.view.isOpen);
    else this.wantOpen = !(this.wantOpen ?? this.embed.open);
  }

  /** Starts the session, loads the history and opens the events stream (once). */
  connect(): Promise<boolean> {
    if (!this.ready) this.ready = this.start();
    return this.ready;
  }

  private async retrying<T>(what: () => Promise<T>): Promise<T> {
    const backoff = this.deps.backoff ?? ((n: number) => backoffDelay(n));
    for (let attempt = 0; ; attempt++) {
      try {
        const value = await what();
        if (attempt > 0) this.view?.setError(null);
        return value;
      } catch (error) {
        if (
          error instanceof ApiError &&
          error.status >= 400 &&
          error.status < 500 &&
          error.status !== 408 &&
          error.status !== 429
        ) {
          throw error;
        }
        this.view?.setError(this.strings.connecting);
        const wait = error instanceof ApiError && error.retryAfter ? error.retryAfter * 1000 : 0;
        await new Promise((resolve) => setTimeout(resolve, Math.max(wait, backoff(attempt))));
      }
    }
  }

  private async start(): Promise<boolean> {
    const conversation = this.conversation!;
    const view = this.view!;
    try {
      const stored = this.store.token;
      const session = await this.retrying(() => this.api.session(stored, this.embed.identity));
      this.store.save(session.visitor_token);
      this.api.token = session.visitor_token;

      this.early = [];
      let connected: () => void = () => {};
      const firstAttempt = new Promise<void>((resolve) => {
        connected = resolve;
        setTimeout(resolve, 3000);
      });
      const events = new EventStream({
        open: (lastEventId, signal) => {
          const opening = this.api.events(lastEventId, signal);
          opening.then(connected, connected);
          return opening;
        },
        onEvent: (event) => this.onEvent(event.data),
        backoff: this.deps.backoff,
        onRefused: (error) => {
          if (error.code === "visitor_token_invalid" || error.status === 401) void this.renew();
        },
      });
      this.events = events;
      events.start();
      // Subscribed first, then the history: nothing created in between goes missing.
      await firstAttempt;
      const history = await this.retrying(() => this.api.history());
      conversation.loadHistory(history.data ?? [], history.mode ?? "auto");
      const early = this.early;
      this.early = null;
      for (const apply of early) apply();
      this.isReady = true;
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.code === "visitor_token_invalid") {
        this.ready = null;
        return this.renew();
      }
      this.dead = true;
      this.events?.stop();
      view.setComposer(false, false);
      if (error instanceof ApiError && (error.code === "identity_invalid" || error.status === 401)) {
        view.setError(this.strings.identityInvalid);
      } else {
        view.setError(this.strings.sendFailed);
        console.warn("[parley] could not start the chat:", error instanceof Error ? error.message : error);
      }
      return false;
    }
  }

  /** The visitor token stopped working: a new visitor, a new thread. */
  private async renew(): Promise<boolean> {
    const now = Date.now();
    this.renewals = this.renewals.filter((t) => now - t < 60_000);
    this.renewals.push(now);
    this.events?.stop();
    this.events = null;
    this.isReady = false;
    this.store.clear();
    this.api.token = null;
    this.conversation?.reset();
    if (this.renewals.length > 3) {
      this.dead = true;
      this.view?.setComposer(false, false);
      this.view?.setError(this.strings.sendFailed);
      return false;
    }
    this.ready = this.start();
    return this.ready;
  }

  /** The frames are unnamed (docs/widget.md): the data's `type` says what each event is. */
  private onEvent(data: string): void {
    let payload: { type?: string; message?: ServerMessage; mode?: string };
    try {
      payload = JSON.parse(data);
    } catch {
      return;
    }
    const conversation = this.conversation!;
    const type = payload?.type;
    let apply: (() => void) | null = null;
    if (type === "message_created" && payload.message && typeof payload.message.content === "string") {
      const message = payload.message;
      apply = () => conversation.receive(message);
    } else if (type === "mode_changed" && typeof payload.mode === "string") {
      const mode = payload.mode;
      apply = () => conversation.changeMode(mode);
    }
    if (!apply) return;
    if (this.early) this.early.push(apply);
    else apply();
  }

  private refreshQuickReplies(): void {
    const conversation = this.conversation;
    this.view?.setQuickReplies(conversation && !this.dead ? conversation.approval : null);
  }

  /**
   * Sends the visitor's text, or the chip they chose (`buttonId`, its label shown as their
   * message: docs/widget.md, "Buttons"), and streams the reply in.
   */
  async send(raw: string, buttonId?: string): Promise<void> {
    const text = raw.trim();
    const view = this.view;
    const conversation = this.conversation;
    if (!view || !conversation || text === "" || this.dead || conversation.isReplying) return;
    if (text.length > MAX_TEXT) {
      view.restoreText(raw);
      view.setError(this.strings.tooLong);
      return;
    }
    view.setError(null);
    view.setComposer(true, true);
    const local = conversation.sent(text);
    conversation.beginReply();
    view.setTyping(true);
    view.scrollToBottom();
    try {
      if (!this.isReady && !(await this.connect())) {
        conversation.failReply();
        conversation.unsend(local);
        view.restoreText(text);
        return;
      }
      let body: ReadableStream<Uint8Array>;
      try {
        body = await this.api.send(text, undefined, buttonId);
      } catch (error) {
        conversation.failReply();
        conversation.unsend(local);
        if (buttonId === undefined) view.restoreText(text);
        if (error instanceof ApiError && error.status === 401) {
          await this.renew();
        } else if (error instanceof ApiError && error.status === 429) {
          view.setError(
            error.retryAfter ? format(this.strings.rateLimited, error.retryAfter) : this.strings.sendFailed,
          );
        } else {
          view.setError(this.strings.sendFailed);
        }
        return;
      }
      let finished = false;
      try {
        await readSse(body, new SseParser(), (event) => {
          let frame: ReplyFrame;
          try {
            frame = JSON.parse(event.data);
          } catch {
            return;
          }
          if (frame.type === "text-delta") {
            const delta = frame.textDelta ?? frame.delta;
            if (typeof delta === "string") conversation.delta(delta);
          } else if (frame.type === "finish") {
            finished = true;
            conversation.finishReply(typeof frame.message_id === "string" ? frame.message_id : null);
          } else if (frame.type === "error") {
            finished = true;
            conversation.failReply();
            view.setError(this.strings.replyFailed);
          }
          // Whatever follows a finish or an error is not read.
          return !finished;
        });
      } catch {
        // The connection broke; handled below.
      }
      if (!finished) {
        conversation.failReply();
        view.setError(this.strings.replyFailed);
      }
    } finally {
      view.setTyping(false);
      view.setComposer(!this.dead, false);
    }
  }

  /** Rates a bot answer (docs/widget.md, "Rating answers"); false, with a notice, when it failed. */
  async rate(message: ChatMessage, rating: Rating, comment: string | null): Promise<boolean> {
    if (!message.id || this.dead || !this.isReady) return false;
    try {
      const feedback = await this.api.rate(message.id, rating, comment);
      this.view?.setError(null);
      this.conversation?.rated(message, { rating: feedback.rating, comment: feedback.comment ?? null });
      return true;
    } catch {
      this.view?.setError(this.strings.rateFailed);
      return false;
    }
  }

  stop(): void {
    this.events?.stop();
  }
}
