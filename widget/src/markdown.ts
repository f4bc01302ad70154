/**
 * A small Markdown renderer for untrusted text (model and operator messages).
 *
 * The text is parsed into a tiny tree, which is then built with createElement/textContent only:
 * no innerHTML anywhere, so HTML in the text (`<img onerror=…>`, entities, comments) is shown as
 * the characters it is. Supported: paragraphs and line breaks, **bold**, *italic*, `code`,
 * fenced code blocks, bullet and numbered lists, headings (as bold lines), quotes, rules, links
 * `[label](url)` and bare http(s) URLs. Links are kept only for http:, https: and mailto: URLs
 * and open in a new tab with rel="noopener noreferrer nofollow"; any other link stays text.
 */

export type Inline =
  | { type: "text"; text: string }
  | { type: "strong"; children: Inline[] }
  | { type: "em"; children: Inline[] }
  | { type: "code"; text: string }
  | { type: "link"; href: string; children: Inline[] }
  | { type: "br" };

export type Block =
  | { type: "p"; children: Inline[] }
  | { type: "heading"; children: Inline[] }
  | { type: "pre"; text: string }
  | { type: "quote"; children: Block[] }
  | { type: "hr" }
  | { type: "ul"; items: Block[][] }
  | { type: "ol"; start: number; items: Block[][] };

const MAX_DEPTH = 8;
const MAX_LABEL = 1000;
const MAX_URL = 2048;
const SCHEMES = new Set(["http:", "https:", "mailto:"]);

/**
 * The normalised URL when it is an absolute http:, https: or mailto: URL, else null. Whitespace
 * and control characters are refused outright (browsers strip some of them, `java\tscript:`).
 */
export function safeUrl(raw: string): string | null {
  const value = raw.trim();
  if (value === "" || value.length > MAX_URL) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\s\u0000-\u001f\u007f-\u009f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (!SCHEMES.has(url.protocol)) return null;
  if (url.protocol !== "mailto:" && url.hostname === "") return null;
  return url.href;
}

// ---------------------------------------------------------------------------------------------
// Blocks

const FENCE = /^( {0,3})(`{3,}|~{3,})(.*)$/;
const HEADING = /^ {0,3}#{1,6}(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
const RULE = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const QUOTE = /^ {0,3}> ?(.*)$/;
const ITEM = /^( *)([-*+]|(\d{1,9})[.)])(?:( +)(.*))?$/;

interface ItemMatch {
  indent: number;
  ordered: boolean;
  start: number;
  contentIndent: number;
  content: string;
}

function matchItem(line: string): ItemMatch | null {
  const m = ITEM.exec(line);
  if (!m) return null;
  const indent = m[1]!.length;
  const marker = m[2]!;
  const spaces = m[4]?.length ?? 1;
  const content = m[5] ?? "";
  return {
    indent,
    ordered: m[3] !== undefined,
    start: m[3] !== undefined ? Number(m[3]) : 1,
    // Five or more spaces after the marker: the content starts one space in (as in CommonMark).
    contentIndent: indent + marker.length + (spaces > 4 ? 1 : spaces),
    content: spaces > 4 ? " ".repeat(spaces - 1) + content : content,
  };
}

function isBlank(line: string): boolean {
  return line.trim() === "";
}

function indentOf(line: string): number {
  return line.length - line.trimStart().length;
}

function fenceOpen(line: string): { indent: number; fence: string } | null {
  const m = FENCE.exec(line);
  if (!m) return null;
  const fence = m[2]!;
  if (fence[0] === "`" && m[3]!.includes("`")) return null;
  return { indent: m[1]!.length, fence };
}

/** A line that ends a paragraph even without a blank line before it. */
function interrupts(line: string, depth: number): boolean {
  if (fenceOpen(line) || HEADING.test(line) || RULE.test(line) || QUOTE.test(line)) return true;
  if (depth >= MAX_DEPTH) return false;
  const item = matchItem(line);
  return item !== null && item.content.trim() !== "" && (!item.ordered || item.start === 1);
}

export function parseMarkdown(text: string): Block[] {
  const lines = text
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((line) => line.replace(/^\t+/, (tabs) => "    ".repeat(tabs.length)));
  return parseBlocks(lines, 0);
}

function parseBlocks(lines: string[], depth: number): Block[] {
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (isBlank(line)) {
      i++;
      continue;
    }
    const fence = fenceOpen(line);
    if (fence) {
      const body: string[] = [];
      i++;
      while (i < lines.length) {
        const close = /^ {0,3}(`{3,}|~{3,})[ \t]*$/.exec(lines[i]!);
        if (close && close[1]![0] === fence.fence[0] && close[1]!.length >= fence.fence.length) {
          i++;
          break;
        }
        const current = lines[i]!;
        body.push(current.slice(Math.min(fence.indent, indentOf(current))));
        i++;
      }
      // An unclosed fence runs to the end (a streamed reply shows its code as it arrives).
      blocks.push({ type: "pre", text: body.join("\n") });
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      blocks.push({ type: "heading", children: parseInline(heading[1] ?? "", true, depth) });
      i++;
      continue;
    }
    if (RULE.test(line)) {
      blocks.push({ type: "hr" });
      i++;
      continue;
    }
    if (QUOTE.test(line) && depth < MAX_DEPTH) {
      const inner: string[] = [];
      while (i < lines.length) {
        const m = QUOTE.exec(lines[i]!);
        if (!m) break;
        inner.push(m[1]!);
        i++;
      }
      blocks.push({ type: "quote", children: parseBlocks(inner, depth + 1) });
      continue;
    }
    if (depth < MAX_DEPTH && matchItem(line)) {
      i = parseList(lines, i, depth, blocks);
      continue;
    }
    const para: string[] = [line.trim()];
    i++;
    while (i < lines.length && !isBlank(lines[i]!) && !interrupts(lines[i]!, depth)) {
      para.push(lines[i]!.trim());
      i++;
    }
    blocks.push({ type: "p", children: parseInline(para.join("\n"), true, depth) });
  }
  return blocks;
}

/** Parses the list starting at `start` into `out`; returns the index after it. */
function parseList(lines: string[], start: number, depth: number, out: Block[]): number {
  const first = matchItem(lines[start]!)!;
  const items: Block[][] = [];
  let i = start;
  while (i < lines.length) {
    const item = matchItem(lines[i]!);
    if (!item || item.ordered !== first.ordered) break;
    const body = [item.content];
    i++;
    while (i < lines.length) {
      const line = lines[i]!;
      if (isBlank(line)) {
        let k = i;
        while (k < lines.length && isBlank(lines[k]!)) k++;
        if (k < lines.length && indentOf(lines[k]!) >= item.contentIndent) {
          while (i < k) {
            body.push("");
            i++;
          }
          continue;
        }
        break;
      }
      const indent = indentOf(line);
      const nested = matchItem(line);
      if (indent >= item.contentIndent || (nested && indent > first.indent)) {
        body.push(line.slice(Math.min(indent, item.contentIndent)));
        i++;
        continue;
      }
      if (nested || interrupts(line, depth)) break;
      // A lazy continuation of the item's paragraph.
      body.push(line.trim());
      i++;
    }
    items.push(parseBlocks(body, depth + 1));
    // Blank lines between two items of the same list keep the list going.
    let k = i;
    while (k < lines.length && isBlank(lines[k]!)) k++;
    if (k !== i) {
      const next = k < lines.length ? matchItem(lines[k]!) : null;
      if (!next || next.ordered !== first.ordered) break;
      i = k;
    }
  }
  out.push(first.ordered ? { type: "ol", start: first.start, items } : { type: "ul", items });
  return i;
}

// ---------------------------------------------------------------------------------------------
// Inlines

const ESCAPABLE = /[!-/:-@[-`{-~]/;
const WORD = /[\p{L}\p{N}]/u;

function runLength(src: string, at: number, ch: string): number {
  let n = 0;
  while (src[at + n] === ch) n++;
  return n;
}

/** The index of the backtick run closing a code span opened by `run` backticks, or -1. */
function codeClose(src: string, from: number, run: number): number {
  let j = src.indexOf("`", from);
  while (j !== -1) {
    const n = runLength(src, j, "`");
    if (n === run) return j;
    j = src.indexOf("`", j + n);
  }
  return -1;
}

/**
 * The index where `delim` (`*`, `_`, `**` or `__`) closes emphasis opened before `from`, or -1.
 * Skips escapes and code spans; a single delimiter passes over double runs (nested strong).
 */
function emphasisClose(src: string, from: number, delim: string): number {
  const ch = delim[0]!;
  let j = from;
  while (j < src.length) {
    const c = src[j]!;
    if (c === "\\") {
      j += 2;
      continue;
    }
    if (c === "`") {
      const n = runLength(src, j, "`");
      const close = codeClose(src, j + n, n);
      j = close === -1 ? j + n : close + n;
      continue;
    }
    if (c !== ch) {
      j++;
      continue;
    }
    const n = runLength(src, j, ch);
    const before = src[j - 1] ?? " ";
    const after = src[j + n] ?? " ";
    const closes = !/\s/.test(before) && j > from && (ch !== "_" || !WORD.test(after));
    if (closes) {
      if (delim.length === 2 && n >= 2) return j + n - 2;
      if (delim.length === 1 && n % 2 === 1) return j + n - 1;
    }
    j += n;
  }
  return -1;
}

interface LinkMatch {
  label: string;
  url: string;
  end: number;
}

/** `[label](url "title")` starting at `at`, or null. */
function linkAt(src: string, at: number): LinkMatch | null {
  let depth = 0;
  let j = at;
  const labelLimit = Math.min(src.length, at + MAX_LABEL);
  for (; j < labelLimit; j++) {
    const c = src[j];
    if (c === "\\") j++;
    else if (c === "[") depth++;
    else if (c === "]" && --depth === 0) break;
  }
  if (depth !== 0 || src[j] !== "]" || src[j + 1] !== "(") return null;
  const label = src.slice(at + 1, j);
  let k = j + 2;
  while (src[k] === " ") k++;
  let url: string;
  if (src[k] === "<") {
    const close = src.indexOf(">", k);
    if (close === -1 || close - k > MAX_URL) return null;
    url = src.slice(k + 1, close);
    k = close + 1;
  } else {
    const begin = k;
    let parens = 0;
    const urlLimit = Math.min(src.length, k + MAX_URL);
    for (; k < urlLimit; k++) {
      const c = src.charCodeAt(k);
      if (c <= 32) break;
      if (c === 92 /* \\ */) k++;
      else if (c === 40 /* ( */) parens++;
      else if (c === 41 /* ) */) {
        if (parens === 0) break;
        parens--;
      }
    }
    url = src.slice(begin, k);
  }
  while (src[k] === " ") k++;
  const quote = src[k];
  if (quote === '"' || quote === "'") {
    const close = src.indexOf(quote, k + 1);
    if (close === -1) return null;
    k = close + 1;
    while (src[k] === " ") k++;
  }
  if (src[k] !== ")") return null;
  return { label, url, end: k + 1 };
}

const BARE_URL = /^(?:https?:\/\/|mailto:)[^\s<>"'`]+/i;

/** A bare URL at `at` (not inside a word), trimmed of trailing punctuation, or null. */
function bareUrlAt(src: string, at: number): string | null {
  if (at > 0 && /[\p{L}\p{N}/:@.]/u.test(src[at - 1]!)) return null;
  const m = BARE_URL.exec(src.slice(at, at + MAX_URL + 8));
  if (!m) return null;
  let url = m[0];
  for (;;) {
    const last = url[url.length - 1]!;
    if (/[.,;:!?*_~]/.test(last)) {
      url = url.slice(0, -1);
      continue;
    }
    const pairs: Record<string, string> = { ")": "(", "]": "[", "}": "{" };
    const open = pairs[last];
    if (open && url.split(last).length > url.split(open).length) {
      url = url.slice(0, -1);
      continue;
    }
    break;
  }
  return /^(?:https?:\/\/|mailto:).+/i.test(url) ? url : null;
}

export function parseInline(src: string, links = true, depth = 0): Inline[] {
  const out: Inline[] = [];
  let text = "";
  const flush = () => {
    if (text !== "") out.push({ type: "text", text });
    text = "";
  };
  // Delimiters already known to have no closer further on: keeps bad input linear.
  const noCloser = new Set<string>();
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    if (c === "\\" && i + 1 < src.length && ESCAPABLE.test(src[i + 1]!)) {
      text += src[i + 1];
      i += 2;
      continue;
    }
    if (c === "\n") {
      flush();
      out.push({ type: "br" });
      i++;
      continue;
    }
    if (c === "`") {
      const n = runLength(src, i, "`");
      const key = `\`${n}`;
      const close = noCloser.has(key) ? -1 : codeClose(src, i + n, n);
      if (close !== -1) {
        flush();
        let code = src.slice(i + n, close).replace(/\n/g, " ");
        if (code.length > 1 && code.startsWith(" ") && code.endsWith(" ") && code.trim() !== "") {
          code = code.slice(1, -1);
        }
        out.push({ type: "code", text: code });
        i = close + n;
      } else {
        noCloser.add(key);
        text += src.slice(i, i + n);
        i += n;
      }
      continue;
    }
    if ((c === "*" || c === "_") && depth < MAX_DEPTH) {
      const n = runLength(src, i, c);
      const next = src[i + n] ?? " ";
      const canOpen = !/\s/.test(next) && (c !== "_" || i === 0 || !WORD.test(src[i - 1]!));
      let done = false;
      for (const delim of n >= 2 ? [c + c, c] : [c]) {
        if (!canOpen || noCloser.has(delim)) continue;
        const close = emphasisClose(src, i + delim.length, delim);
        if (close === -1) {
          noCloser.add(delim);
          continue;
        }
        flush();
        const children = parseInline(src.slice(i + delim.length, close), links, depth + 1);
        out.push({ type: delim.length === 2 ? "strong" : "em", children });
        i = close + delim.length;
        done = true;
        break;
      }
      if (!done) {
        text += src.slice(i, i + n);
        i += n;
      }
      continue;
    }
    if (c === "[" && links && depth < MAX_DEPTH && !noCloser.has("]")) {
      const link = linkAt(src, i);
      if (link) {
        const href = safeUrl(link.url);
        if (href) {
          flush();
          out.push({ type: "link", href, children: parseInline(link.label, false, depth + 1) });
        } else {
          // Not a URL we link to: the whole thing stays text.
          text += src.slice(i, link.end);
        }
        i = link.end;
        continue;
      }
      if (!src.includes("](", i)) noCloser.add("]");
    }
    if (links && (c === "h" || c === "H" || c === "m" || c === "M")) {
      const url = bareUrlAt(src, i);
      const href = url ? safeUrl(url) : null;
      if (url && href) {
        flush();
        out.push({ type: "link", href, children: [{ type: "text", text: url }] });
        i += url.length;
        continue;
      }
    }
    text += c;
    i++;
  }
  flush();
  return out;
}

// ---------------------------------------------------------------------------------------------
// DOM

function renderInline(nodes: Inline[], parent: Node, doc: Document): void {
  for (const node of nodes) {
    switch (node.type) {
      case "text":
        parent.appendChild(doc.createTextNode(node.text));
        break;
      case "br":
        parent.appendChild(doc.createElement("br"));
        break;
      case "code": {
        const code = doc.createElement("code");
        code.textContent = node.text;
        parent.appendChild(code);
        break;
      }
      case "strong":
      case "em": {
        const el = doc.createElement(node.type);
        renderInline(node.children, el, doc);
        parent.appendChild(el);
        break;
      }
      case "link": {
        const a = doc.createElement("a");
        a.setAttribute("href", node.href);
        a.setAttribute("target", "_blank");
        a.setAttribute("rel", "noopener noreferrer nofollow");
        if (node.children.length > 0) renderInline(node.children, a, doc);
        else a.textContent = node.href;
        parent.appendChild(a);
        break;
      }
    }
  }
}

function renderBlocks(blocks: Block[], parent: Node, doc: Document): void {
  for (const block of blocks) {
    switch (block.type) {
      case "p": {
        const p = doc.createElement("p");
        renderInline(block.children, p, doc);
        parent.appendChild(p);
        break;
      }
      case "heading": {
        const p = doc.createElement("p");
        const strong = doc.createElement("strong");
        renderInline(block.children, strong, doc);
        p.appendChild(strong);
        parent.appendChild(p);
        break;
      }
      case "pre": {
        const pre = doc.createElement("pre");
        const code = doc.createElement("code");
        code.textContent = block.text;
        pre.appendChild(code);
        parent.appendChild(pre);
        break;
      }
      case "quote": {
        const quote = doc.createElement("blockquote");
        renderBlocks(block.children, quote, doc);
        parent.appendChild(quote);
        break;
      }
      case "hr":
        parent.appendChild(doc.createElement("hr"));
        break;
      case "ul":
      case "ol": {
        const list = doc.createElement(block.type);
        if (block.type === "ol" && block.start !== 1) list.setAttribute("start", String(block.start));
        for (const item of block.items) {
          const li = doc.createElement("li");
          // A one-paragraph item is written straight into the <li> (a "tight" list).
          const only = item.length === 1 ? item[0] : undefined;
          if (only?.type === "p") renderInline(only.children, li, doc);
          else renderBlocks(item, li, doc);
          list.appendChild(li);
        }
        parent.appendChild(list);
        break;
      }
    }
  }
}

/** Renders untrusted Markdown text into a fragment of plain, attribute-free DOM nodes. */
export function renderMarkdown(text: string, doc: Document = document): DocumentFragment {
  const fragment = doc.createDocumentFragment();
  renderBlocks(parseMarkdown(text), fragment, doc);
  return fragment;
}
