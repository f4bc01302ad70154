/** The widget's few icons: SVG paths drawn with the current colour, hidden from assistive technology. */
const SVG = "http://www.w3.org/2000/svg";
export const ICONS = {
  chat: "M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z",
  close: "M6 6l12 12M18 6L6 18",
  send: "M4 12l16-8-6 16-2-7-8-1z",
  // Tabler's thumb-up (MIT); thumb-down is the same, turned over (styles.ts).
  thumb:
    "M7 11v8a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1v-7a1 1 0 0 1 1-1h3a4 4 0 0 0 4-4V6a2 2 0 0 1 4 0v5h3a2 2 0 0 1 2 2l-1 5a2 3 0 0 1-2 2h-7a3 3 0 0 1-3-3",
};

export function icon(doc: Document, path: string, filled: boolean): SVGSVGElement {
  const svg = doc.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  const p = doc.createElementNS(SVG, "path");
  p.setAttribute("d", path);
  p.setAttribute("fill", filled ? "currentColor" : "none");
  p.setAttribute("stroke", "currentColor");
  p.setAttribute("stroke-width", filled ? "1" : "2.2");
  p.setAttribute("stroke-linecap", "round");
  p.setAttribute("stroke-linejoin", "round");
  svg.appendChild(p);
  return svg;
}
