/**
 * What a console page shows that a reader cannot take in (docs/console.md, "Building and
 * developing"): the document's sideways overflow, and every visible label, button, badge, tab,
 * table header and input whose content is wider than its box (cut off, or spilling out of it)
 * or that sticks out of a box clipping or scrolling sideways (a table's scroll container).
 * Inline elements have no box to measure and are skipped. Evaluate `MEASURE` in the page.
 */
export interface Unreadable {
  overflow: number;
  clipped: string[];
}

export const MEASURE = `(() => {
  const doc = document.scrollingElement;
  const selector = [
    "label", "legend", "button", "[role=button]", "[role=tab]", "th", "input", "textarea",
    ".mantine-Badge-root", ".mantine-Badge-label", ".mantine-Button-label",
    ".mantine-InputWrapper-label", ".mantine-NavLink-label", ".mantine-SegmentedControl-label",
    "[data-testid=thread-name]", "[data-testid=thread-channel]", "[data-testid=thread-bot]",
  ].join(",");
  const clipped = [];
  for (const el of document.querySelectorAll(selector)) {
    const rect = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    if (rect.width <= 1 || rect.height <= 1 || style.visibility === "hidden" || style.display === "inline") continue;
    if (el.closest("[aria-hidden=true], .mantine-visually-hidden")) continue;
    if (el.type === "hidden" || el.type === "checkbox" || el.type === "radio") continue;
    const text = (el.value || el.innerText || el.getAttribute("aria-label") || el.tagName).trim().slice(0, 60);
    const name = el.tagName.toLowerCase() + ": " + text;
    if (el.scrollWidth > el.clientWidth + 1) {
      clipped.push(name + " (" + el.scrollWidth + " > " + el.clientWidth + ")");
      continue;
    }
    // Cut by a box that scrolls or clips sideways (a table's scroll container): partly out of it.
    let box = el.parentElement;
    while (box && box !== document.body && getComputedStyle(box).overflowX === "visible") box = box.parentElement;
    if (box && box !== document.body) {
      const outer = box.getBoundingClientRect();
      const cut = (rect.left < outer.right && rect.right > outer.right + 1) || (rect.right > outer.left && rect.left < outer.left - 1);
      if (cut) clipped.push(name + " (cut by its container)");
    }
  }
  return { overflow: doc.scrollWidth - doc.clientWidth, clipped };
})()`;
