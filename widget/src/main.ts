/**
 * widget.js: `<script src="<PARLEY_PUBLIC_URL>/widget.js" data-chat="<chat id>" async></script>`.
 * Optional: data-user-id, data-user-signature, data-user-name, data-open="true".
 * Sites can call window.Parley.open(), .close() and .toggle().
 */
import { findScript, readEmbed } from "./embed";
import { browserStorage } from "./store";
import { Widget } from "./widget";

interface ParleyApi {
  open(): void;
  close(): void;
  toggle(): void;
}

declare global {
  interface Window {
    Parley?: ParleyApi & { readonly version?: string };
  }
}

// Only true while this script first runs, so it is read right away.
const current = document.currentScript;

function boot(): void {
  if (window.Parley?.version) return; // Loaded twice: the first copy serves.
  const script = findScript(current);
  const embed = script ? readEmbed(script) : null;
  if (!embed) {
    console.warn('[parley] widget.js needs a data-chat="<chat id>" attribute on its script tag');
    return;
  }
  const widget = new Widget(embed, {
    fetch: (input, init) => window.fetch(input, init),
    storage: browserStorage(),
    navigatorLanguage: navigator.language,
  });
  window.Parley = {
    version: "1",
    open: () => widget.open(),
    close: () => widget.close(),
    toggle: () => widget.toggle(),
  };
  const start = () => void widget.mount();
  const idle = () => {
    if (typeof window.requestIdleCallback === "function")
      window.requestIdleCallback(start, { timeout: 1500 });
    else setTimeout(start, 1);
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", idle, { once: true });
  else idle();
}

boot();
