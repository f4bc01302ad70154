import { DocumentParseError, reasonOf } from "../document-parse-error.js";

/**
 * JSON pretty-printed with two-space indentation (docs/knowledge.md, "Formats"), so a chunker
 * can cut it at line ends and a model reads its nesting. Nesting deeper than `limits.maxDepth`
 * is `too_complex` before anything else is done (each level costs indentation on every line
 * below it: a 2 MB file nested a million deep would be terabytes of text). The text is then
 * checked with `JSON.parse` (invalid JSON is `corrupt_document` with its reason), then
 * re-indented token by token rather than re-serialised: numbers keep every digit (an 18-digit
 * ID would lose its last ones through a JS number), and key order and duplicate keys stay as
 * written. Indented text longer than `limits.maxChars` is `too_large`, found as it is written.
 */
export function parseJson(
  text: string,
  filename: string,
  limits: { maxDepth: number; maxChars: number },
): string {
  const depth = nestingDepth(text, limits.maxDepth);
  if (depth > limits.maxDepth) {
    throw new DocumentParseError(
      "too_complex",
      `"${filename}" nests arrays and objects more than ${limits.maxDepth} levels deep; at most ${limits.maxDepth} can be read.`,
    );
  }
  try {
    JSON.parse(text);
  } catch (error) {
    throw new DocumentParseError("corrupt_document", `"${filename}" is not valid JSON: ${reasonOf(error)}`, {
      cause: error,
    });
  }
  const indented = reindentJson(text, limits.maxChars);
  if (indented === undefined) {
    throw new DocumentParseError(
      "too_large",
      `"${filename}" gives more than ${limits.maxChars} characters of text once indented; at most ${limits.maxChars} can be indexed.`,
    );
  }
  return indented;
}

/**
 * How deeply arrays and objects nest, counted until it passes `stopAbove` (strings skipped;
 * valid JSON or not: JSON.parse judges that afterwards).
 */
function nestingDepth(json: string, stopAbove: number): number {
  let depth = 0;
  let deepest = 0;
  for (let i = 0; i < json.length; i += 1) {
    const char = json.charCodeAt(i);
    if (char === 0x22) {
      i = endOfString(json, i) - 1;
    } else if (char === 0x5b || char === 0x7b) {
      depth += 1;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > stopAbove) return deepest;
      }
    } else if (char === 0x5d || char === 0x7d) {
      depth -= 1;
    }
  }
  return deepest;
}

/**
 * Re-lays out JSON that is known to be valid; strings and other tokens are copied verbatim.
 * `undefined` as soon as the result would be longer than `maxChars`.
 */
export function reindentJson(json: string, maxChars = Infinity): string | undefined {
  const out: string[] = [];
  let length = 0;
  const push = (...pieces: string[]) => {
    for (const piece of pieces) {
      out.push(piece);
      length += piece.length;
    }
  };
  let depth = 0;
  const newline = () => `\n${"  ".repeat(depth)}`;
  for (let i = 0; i < json.length && length <= maxChars; i += 1) {
    const char = json[i]!;
    if (char === '"') {
      const end = endOfString(json, i);
      push(json.slice(i, end));
      i = end - 1;
    } else if (char === "{" || char === "[") {
      const next = nextSignificant(json, i + 1);
      if (json[next] === (char === "{" ? "}" : "]")) {
        push(char === "{" ? "{}" : "[]");
        i = next;
      } else {
        depth += 1;
        push(char, newline());
      }
    } else if (char === "}" || char === "]") {
      depth -= 1;
      push(newline(), char);
    } else if (char === ",") {
      push(",", newline());
    } else if (char === ":") {
      push(": ");
    } else if (char !== " " && char !== "\t" && char !== "\n" && char !== "\r") {
      push(char);
    }
  }
  return length > maxChars ? undefined : out.join("");
}

/** The index just past the string literal that opens at `start`. */
function endOfString(json: string, start: number): number {
  let i = start + 1;
  while (i < json.length && json[i] !== '"') i += json[i] === "\\" ? 2 : 1;
  return i + 1;
}

function nextSignificant(json: string, from: number): number {
  let i = from;
  while (i < json.length && /[ \t\n\r]/.test(json[i]!)) i += 1;
  return i;
}
