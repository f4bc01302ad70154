/**
 * 👍/👎 under a bot answer (docs/widget.md, "Rating answers"): pressing one rates the answer at
 * once; a short, optional comment box follows, sent with the same rating. The chosen rating
 * shows as pressed (`aria-pressed`) and can be changed by pressing the other one.
 */
import type { Strings } from "./i18n";
import { ICONS, icon } from "./icons";

export type Rating = "up" | "down";

export interface Feedback {
  rating: Rating;
  comment: string | null;
}

/** Sends a rating (with a comment, or null); resolves whether the server took it. */
export type Rate = (rating: Rating, comment: string | null) => Promise<boolean>;

export const COMMENT_MAX = 2000;

export class FeedbackBar {
  readonly node: HTMLDivElement;
  private readonly buttons: Record<Rating, HTMLButtonElement>;
  private readonly form: HTMLDivElement;
  private readonly comment: HTMLTextAreaElement;
  private readonly thanks: HTMLSpanElement;
  private current: Rating | null = null;
  private busy = false;

  constructor(
    doc: Document,
    strings: Strings,
    private readonly rate: Rate,
  ) {
    const el = <K extends keyof HTMLElementTagNameMap>(
      tag: K,
      attrs: Record<string, string>,
      parent: Node,
    ) => {
      const node = doc.createElement(tag);
      for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
      parent.appendChild(node);
      return node;
    };
    this.node = doc.createElement("div");
    this.node.className = "fb";
    this.node.setAttribute("part", "feedback");
    this.node.setAttribute("role", "group");
    this.node.setAttribute("aria-label", strings.rateGroup);
    const button = (rating: Rating, label: string) => {
      const b = el(
        "button",
        { type: "button", class: "r", part: `rate-${rating}`, "aria-label": label, title: label },
        this.node,
      );
      b.setAttribute("aria-pressed", "false");
      b.appendChild(icon(doc, ICONS.thumb, false));
      b.addEventListener("click", () => void this.choose(rating));
      return b;
    };
    this.buttons = { up: button("up", strings.rateUp), down: button("down", strings.rateDown) };
    this.thanks = el("span", { class: "fbt", part: "feedback-thanks", role: "status" }, this.node);
    this.form = el("div", { class: "fbf" }, this.node);
    this.form.hidden = true;
    this.comment = el(
      "textarea",
      {
        part: "feedback-comment",
        rows: "2",
        maxlength: String(COMMENT_MAX),
        "aria-label": strings.rateComment,
        placeholder: strings.ratePlaceholder,
      },
      this.form,
    );
    const send = el("button", { type: "button", part: "feedback-send" }, this.form);
    send.textContent = strings.rateSend;
    send.addEventListener("click", () => void this.sendComment(strings));
    this.comment.addEventListener("keydown", (event) => {
      if (event.key === "Enter" && !event.shiftKey && !event.isComposing) {
        event.preventDefault();
        void this.sendComment(strings);
      }
    });
  }

  /** Shows the rating the server holds (none yet: neither button pressed). */
  update(feedback: Feedback | undefined): void {
    this.current = feedback?.rating ?? null;
    for (const rating of ["up", "down"] as const) {
      this.buttons[rating].setAttribute("aria-pressed", String(this.current === rating));
    }
  }

  private async choose(rating: Rating): Promise<void> {
    if (this.busy || this.current === rating) return;
    this.busy = true;
    const ok = await this.rate(rating, null);
    this.busy = false;
    if (!ok) return;
    this.thanks.textContent = "";
    this.comment.value = "";
    this.form.hidden = false;
  }

  private async sendComment(strings: Strings): Promise<void> {
    const text = this.comment.value.trim();
    if (this.busy || !this.current) return;
    if (text) {
      this.busy = true;
      const ok = await this.rate(this.current, text.slice(0, COMMENT_MAX));
      this.busy = false;
      if (!ok) return;
    }
    this.form.hidden = true;
    this.thanks.textContent = strings.rateThanks;
  }
}
