/** Reads the site's `<script src=".../widget.js" data-chat="…">` tag. */
import type { Identity } from "./api";

export interface Embed {
  chatId: string;
  /** Where Parley answers: the script's URL without `/widget.js` (its origin when at the root). */
  base: string;
  identity: Identity | null;
  open: boolean;
}

function isWidgetScript(script: HTMLScriptElement): boolean {
  try {
    return new URL(script.src, document.baseURI).pathname.endsWith("/widget.js");
  } catch {
    return false;
  }
}

/** `document.currentScript` when it is ours, else the last widget.js script with data-chat. */
export function findScript(current: Element | null, doc: Document = document): HTMLScriptElement | null {
  if (current instanceof HTMLScriptElement && current.dataset.chat && current.src) return current;
  const scripts = Array.from(doc.querySelectorAll<HTMLScriptElement>("script[data-chat][src]"));
  for (let i = scripts.length - 1; i >= 0; i--) {
    const script = scripts[i]!;
    if (isWidgetScript(script)) return script;
  }
  return null;
}

export function readEmbed(script: HTMLScriptElement): Embed | null {
  const chatId = script.dataset.chat?.trim();
  if (!chatId) return null;
  let base: string;
  try {
    const url = new URL(script.src, document.baseURI);
    if (url.protocol !== "https:" && url.protocol !== "http:") return null;
    base = url.origin + url.pathname.replace(/\/widget\.js$/, "").replace(/\/+$/, "");
  } catch {
    return null;
  }
  const userId = script.dataset.userId?.trim();
  const signature = script.dataset.userSignature?.trim();
  const name = script.dataset.userName?.trim();
  let identity: Identity | null = null;
  if (userId && signature) {
    identity = { user_id: userId, signature };
    if (name) identity.name = name;
  }
  return { chatId, base, identity, open: script.dataset.open === "true" };
}
