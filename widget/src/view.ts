/**
 * The widget's DOM, inside an open shadow root on a host div. Stable hooks for tests and for
 * sites that style it from outside with ::part(): launcher, badge, panel, header, title, close,
 * messages, message (data-author = user|bot|operator|system), operator-name, typing, error,
 * quick-replies, quick-reply, composer, input, send; under bot answers feedback, rate-up, rate-down,
 * feedback-comment, feedback-send, feedback-thanks; under messages with buttons choices, choice (a
 * reply chip) and choice-link; under messages with files files, file-image and file-link.
 */
import type { Button, ChatMessage } from "./conversation";
import { FeedbackBar, type Rating } from "./feedback";
import { dictionaries, format, type Lang, type Strings } from "./i18n";
import { ICONS, icon } from "./icons";
import { renderMarkdown } from "./markdown";
import { css } from "./styles";

export interface Theme {
  title: string;
  greeting: string;
  color: string;
  position: "left" | "right";
  lang: Lang;
}

export interface ViewActions {
  send(text: string): void;
  /** The visitor clicked a reply chip. */
  choose(message: ChatMessage, button: Button): void;
  openChanged(open: boolean): void;
  /** Rates a bot answer; resolves whether the server took it. */
  rate(message: ChatMessage, rating: Rating, comment: string | null): Promise<boolean>;
}

/** `#rrggbb` or the default blue. */
export function safeColor(color: string | null | undefined): string {
  return color && /^#[0-9a-f]{6}$/i.test(color) ? color : "#4c6ef5";
}

/** Black or white, whichever reads better on `color`. */
export function textOn(color: string): string {
  const channel = (i: number) => {
    const v = Number.parseInt(color.slice(i, i + 2), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return (luminance + 0.05) / 0.05 > 1.05 / (luminance + 0.05) ? "#111111" : "#ffffff";
}

export class View {
  readonly host: HTMLDivElement;
  readonly shadow: ShadowRoot;
  private readonly doc: Document;
  private readonly strings: Strings;
  private readonly root: HTMLDivElement;
  private readonly launcher: HTMLButtonElement;
  private readonly launcherIcon: { chat: SVGSVGElement; close: SVGSVGElement };
  private readonly badge: HTMLSpanElement;
  private readonly panel: HTMLDivElement;
  private readonly list: HTMLDivElement;
  private readonly typing: HTMLDivElement;
  private readonly error: HTMLParagraphElement;
  private readonly quick: HTMLDivElement;
  private readonly input: HTMLTextAreaElement;
  private readonly sendButton: HTMLButtonElement;
  private readonly closeButton: HTMLButtonElement;
  private readonly elements = new Map<number, HTMLElement>();
  private readonly bars = new Map<number, FeedbackBar>();
  private readonly dirty = new Set<ChatMessage>();
  private frame = 0;
  private unread = 0;
  private busy = false;
  isOpen = false;

  constructor(
    theme: Theme,
    private readonly actions: ViewActions,
    doc: Document = document,
  ) {
    this.doc = doc;
    this.strings = dictionaries[theme.lang];
    const s = this.strings;

    this.host = doc.createElement("div");
    this.host.id = "parley-widget";
    this.host.setAttribute("data-parley-widget", "");
    this.host.style.cssText = "all:initial!important;position:fixed!important;z-index:2147483000!important;";
    this.shadow = this.host.attachShadow({ mode: "open" });
    this.adoptStyles();

    const el = <K extends keyof HTMLElementTagNameMap>(
      tag: K,
      attrs: Record<string, string> = {},
      parent?: Node,
    ): HTMLElementTagNameMap[K] => {
      const node = doc.createElement(tag);
      for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
      parent?.appendChild(node);
      return node;
    };

    this.root = el("div", { class: `root ${theme.position}`, lang: theme.lang }, this.shadow);
    const color = safeColor(theme.color);
    this.root.style.setProperty("--c", color);
    this.root.style.setProperty("--on-c", textOn(color));

    this.panel = el("div", {
      part: "panel",
      id: "panel",
      class: "panel",
      role: "dialog",
      "aria-modal": "false",
      "aria-labelledby": "title",
    });
    this.panel.hidden = true;
    this.root.appendChild(this.panel);

    const header = el("div", { part: "header", class: "header" }, this.panel);
    const title = el("h2", { part: "title", id: "title", class: "title" }, header);
    title.textContent = theme.title || s.defaultTitle;
    this.closeButton = el(
      "button",
      { part: "close", type: "button", class: "close", "aria-label": s.close },
      header,
    );
    this.closeButton.appendChild(icon(doc, ICONS.close, false));

    this.list = el(
      "div",
      {
        part: "messages",
        id: "messages",
        class: "messages",
        role: "log",
        "aria-live": "polite",
        "aria-label": s.messages,
        tabindex: "0",
      },
      this.panel,
    );
    if (theme.greeting.trim()) {
      const greeting = el(
        "div",
        { part: "message", "data-author": "bot", class: "msg bot greeting" },
        this.list,
      );
      el("div", { class: "body" }, greeting).appendChild(renderMarkdown(theme.greeting, doc));
    }

    this.typing = el("div", { part: "typing", class: "typing", role: "status", "aria-label": s.typing });
    for (let i = 0; i < 3; i++) el("span", {}, this.typing);

    this.error = el("p", { part: "error", class: "error", role: "alert" }, this.panel);
    this.error.hidden = true;

    this.quick = el("div", { part: "quick-replies", class: "quick" }, this.panel);
    this.quick.hidden = true;

    const composer = el("div", { part: "composer", class: "composer" }, this.panel);
    this.input = el(
      "textarea",
      {
        part: "input",
        id: "input",
        class: "input",
        rows: "1",
        maxlength: "4000",
        "aria-label": s.input,
        placeholder: s.placeholder,
      },
      composer,
    );
    this.sendButton = el(
      "button",
      { part: "send", type: "button", class: "send", "aria-label": s.send },
      composer,
    );
    this.sendButton.appendChild(icon(doc, ICONS.send, true));

    this.launcher = el("button", {
      part: "launcher",
      type: "button",
      class: "launcher",
      "aria-controls": "panel",
      "aria-expanded": "false",
      "aria-label": s.open,
    });
    this.launcherIcon = { chat: icon(doc, ICONS.chat, true), close: icon(doc, ICONS.close, false) };
    this.launcher.appendChild(this.launcherIcon.chat);
    this.badge = el("span", { part: "badge", class: "badge", "aria-hidden": "true" }, this.launcher);
    this.badge.hidden = true;
    this.root.appendChild(this.launcher);

    this.launcher.addEventListener("click", () => this.setOpen(!this.isOpen));
    this.closeButton.addEventListener("click", () => this.setOpen(false));
    this.root.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && this.isOpen) {
        event.stopPropagation();
        this.setOpen(false);
      }
    });
    this.input.addEventListener("keydown", (event) => {
      if (event.key === "Enter" && !event.shiftKey && !event.isComposing && event.keyCode !== 229) {
        event.preventDefault();
        this.submit();
      }
    });
    this.input.addEventListener("input", () => this.autosize());
    this.sendButton.addEventListener("click", () => this.submit());
  }

  private adoptStyles(): void {
    // A constructed sheet is not an inline <style>, so a strict style-src CSP on the page allows it.
    try {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(css);
      this.shadow.adoptedStyleSheets = [sheet];
      return;
    } catch {
      // Older browsers: a <style> element.
    }
    const style = this.doc.createElement("style");
    style.textContent = css;
    this.shadow.appendChild(style);
  }

  mount(): void {
    (this.doc.body ?? this.doc.documentElement).appendChild(this.host);
  }

  setOpen(open: boolean, focus = true): void {
    if (open === this.isOpen) return;
    this.isOpen = open;
    this.panel.hidden = !open;
    this.root.classList.toggle("open", open);
    this.launcher.setAttribute("aria-expanded", String(open));
    this.launcher.replaceChild(
      open ? this.launcherIcon.close : this.launcherIcon.chat,
      this.launcher.firstChild!,
    );
    this.labelLauncher();
    if (open) {
      this.scrollToBottom();
      if (focus) (this.input.disabled ? this.closeButton : this.input).focus({ preventScroll: true });
    } else if (focus && this.shadow.activeElement) {
      this.launcher.focus({ preventScroll: true });
    }
    this.actions.openChanged(open);
  }

  setUnread(count: number): void {
    this.unread = count;
    this.badge.textContent = count > 99 ? "99+" : String(count);
    this.badge.hidden = count === 0;
    this.labelLauncher();
  }

  private labelLauncher(): void {
    const s = this.strings;
    const label = this.isOpen ? s.close : this.unread > 0 ? format(s.openUnread, this.unread) : s.open;
    this.launcher.setAttribute("aria-label", label);
  }

  // --- messages --------------------------------------------------------------------------

  added(message: ChatMessage): void {
    const node = this.doc.createElement("div");
    node.setAttribute("part", "message");
    node.setAttribute("data-author", message.author);
    node.className = `msg ${message.author}`;
    if (message.author === "operator" && message.operatorName) {
      const name = this.doc.createElement("div");
      name.className = "name";
      name.setAttribute("part", "operator-name");
      name.textContent = message.operatorName;
      node.appendChild(name);
    }
    const body = this.doc.createElement("div");
    body.className = "body";
    node.appendChild(body);
    this.elements.set(message.key, node);
    this.keepBottom(() => {
      this.paint(message, node);
      this.list.insertBefore(node, this.typing.parentNode === this.list ? this.typing : null);
      // The first words of a reply take the place of the typing dots.
      if (message.author === "bot") this.setTyping(false);
    });
  }

  updated(message: ChatMessage): void {
    if (!this.elements.has(message.key)) return;
    this.dirty.add(message);
    if (!message.streaming) {
      this.flush();
      return;
    }
    if (this.frame) return;
    const raf =
      typeof requestAnimationFrame === "function"
        ? requestAnimationFrame
        : (f: () => void) => setTimeout(f, 16);
    this.frame = raf(() => this.flush()) as number;
  }

  removed(message: ChatMessage): void {
    this.elements.get(message.key)?.remove();
    this.elements.delete(message.key);
    this.bars.delete(message.key);
    this.dirty.delete(message);
  }

  cleared(): void {
    for (const node of this.elements.values()) node.remove();
    this.elements.clear();
    this.bars.clear();
    this.dirty.clear();
    this.setTyping(false);
  }

  private flush(): void {
    if (this.frame) {
      (typeof cancelAnimationFrame === "function" ? cancelAnimationFrame : clearTimeout)(this.frame);
      this.frame = 0;
    }
    const dirty = Array.from(this.dirty);
    this.dirty.clear();
    this.keepBottom(() => {
      for (const message of dirty) {
        const node = this.elements.get(message.key);
        if (node) this.paint(message, node);
      }
    });
  }

  private paint(message: ChatMessage, node: HTMLElement): void {
    if (message.id) node.setAttribute("data-id", message.id);
    if (message.streaming) node.setAttribute("aria-busy", "true");
    else node.removeAttribute("aria-busy");
    const body = node.querySelector(".body") as HTMLElement;
    body.textContent = "";
    if (message.author === "bot" || message.author === "operator") {
      body.appendChild(renderMarkdown(message.text, this.doc));
    } else {
      body.textContent = message.text;
    }
    this.paintFiles(message, node, body);
    this.paintChoices(message, node, body);
    // A bot answer can be rated once it has fully arrived and is stored (it has its id).
    if (message.author === "bot" && message.id && !message.streaming) {
      let bar = this.bars.get(message.key);
      if (!bar) {
        bar = new FeedbackBar(this.doc, this.strings, (rating, comment) =>
          this.actions.rate(message, rating, comment),
        );
        this.bars.set(message.key, bar);
        node.appendChild(bar.node);
      }
      bar.update(message.feedback);
    }
  }

  /**
   * Buttons under the message (docs/widget.md, "Buttons"): reply chips, disabled while the reply
   * streams and once the visitor has answered (a click while a reply is under way does nothing);
   * link buttons open their page in a new tab.
   */
  private paintChoices(message: ChatMessage, node: HTMLElement, body: HTMLElement): void {
    node.querySelector(".choices")?.remove();
    if (!message.buttons) return;
    const row = this.doc.createElement("div");
    row.className = "choices";
    row.setAttribute("part", "choices");
    for (const button of message.buttons) {
      if (button.kind === "link") {
        const link = this.doc.createElement("a");
        link.setAttribute("part", "choice-link");
        link.href = button.url ?? "";
        link.target = "_blank";
        link.rel = "noopener noreferrer";
        link.textContent = button.label;
        row.appendChild(link);
        continue;
      }
      const chip = this.doc.createElement("button");
      chip.type = "button";
      chip.setAttribute("part", "choice");
      chip.textContent = button.label;
      chip.disabled = Boolean(message.answered || message.streaming || !message.id);
      chip.addEventListener("click", () => {
        if (!chip.disabled && !this.busy) this.actions.choose(message, button);
      });
      row.appendChild(chip);
    }
    body.after(row);
  }

  /**
   * Files under the message (docs/widget.md, "Files"): pictures as images that open full size in
   * a new tab, documents as links with their name; captions under them.
   */
  private paintFiles(message: ChatMessage, node: HTMLElement, body: HTMLElement): void {
    node.querySelector(".files")?.remove();
    if (!message.files) return;
    const list = this.doc.createElement("div");
    list.className = "files";
    list.setAttribute("part", "files");
    for (const file of message.files) {
      const link = this.doc.createElement("a");
      link.href = file.url;
      link.target = "_blank";
      link.rel = "noopener noreferrer";
      if (file.kind === "image") {
        link.setAttribute("part", "file-image");
        const image = this.doc.createElement("img");
        image.src = file.url;
        image.alt = file.caption ?? file.name;
        image.loading = "lazy";
        link.appendChild(image);
      } else {
        link.setAttribute("part", "file-link");
        link.textContent = file.name;
      }
      list.appendChild(link);
      if (file.caption) {
        const caption = this.doc.createElement("div");
        caption.className = "caption";
        caption.textContent = file.caption;
        list.appendChild(caption);
      }
    }
    body.after(list);
  }

  setTyping(on: boolean): void {
    if (on === (this.typing.parentNode === this.list)) return;
    this.keepBottom(() => {
      if (on) this.list.appendChild(this.typing);
      else this.typing.remove();
    });
  }

  /** Runs a change and keeps the list pinned to the bottom only if the visitor was there. */
  private keepBottom(change: () => void): void {
    const list = this.list;
    const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 48;
    change();
    if (atBottom) this.scrollToBottom();
  }

  scrollToBottom(): void {
    this.list.scrollTop = this.list.scrollHeight;
  }

  // --- composer, errors, quick replies ---------------------------------------------------

  setError(text: string | null): void {
    this.keepBottom(() => {
      this.error.textContent = text ?? "";
      this.error.hidden = text === null;
    });
  }

  /** Quick "yes"/"no" buttons in the question's language, or none. */
  setQuickReplies(lang: Lang | null): void {
    if (this.quick.hidden && lang === null) return;
    this.keepBottom(() => {
      this.quick.textContent = "";
      this.quick.hidden = lang === null;
      if (!lang) return;
      const words = dictionaries[lang];
      for (const label of [words.yes, words.no]) {
        const button = this.doc.createElement("button");
        button.type = "button";
        button.setAttribute("part", "quick-reply");
        button.textContent = label;
        button.addEventListener("click", () => this.actions.send(label.toLowerCase()));
        this.quick.appendChild(button);
      }
    });
  }

  /** `enabled` false locks the composer for good (identity refused); `busy` while a reply streams. */
  setComposer(enabled: boolean, busy: boolean): void {
    this.busy = busy;
    this.input.disabled = !enabled;
    this.sendButton.disabled = !enabled || busy;
  }

  takeText(): string {
    const text = this.input.value;
    this.input.value = "";
    this.autosize();
    return text;
  }

  restoreText(text: string): void {
    if (this.input.value.trim() === "") {
      this.input.value = text;
      this.autosize();
    }
  }

  private submit(): void {
    if (this.input.disabled || this.busy || this.input.value.trim() === "") return;
    this.actions.send(this.takeText());
  }

  private autosize(): void {
    this.input.style.height = "auto";
    if (this.input.scrollHeight > 0)
      this.input.style.height = `${Math.min(this.input.scrollHeight + 2, 128)}px`;
  }
}
