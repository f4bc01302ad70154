import { DocumentParseError, reasonOf } from "../document-parse-error.js";

/**
 * JSON pretty-printed with two-space indentation (docs/knowledge.md, "Formats"), so a chunker
 * can cut it at line ends and a model reads its nesting. The text is first checked with
 * `JSON.parse` (invalid JSON is `corrupt_document` with its reason), then re-indented token by
 * token rather than re-serialised: numbers keep every digit (an 18-digit ID would lose its
 * last ones through a JS number), and key order and duplicate keys stay as written.
 */
export function parseJson(text: string, filename: string): string {
  try {
    JSON.parse(text);
  } catch (error) {
    throw new DocumentParseError("corrupt_document", `"${filename}" is not valid JSON: ${reasonOf(error)}`, {
      cause: error,
    });
  }
  return reindentJson(text);
}

/** Re-lays out JSON that is known to be valid; strings and other tokens are copied verbatim. */
export function reindentJson(json: string): string {
  const out: string[] = [];
  let depth = 0;
  const newline = () => `\n${"  ".repeat(depth)}`;
  for (let i = 0; i < json.length; i += 1) {
    const char = json[i]!;
    if (char === '"') {
      const end = endOfString(json, i);
      out.push(json.slice(i, end));
      i = end - 1;
    } else if (char === "{" || char === "[") {
      const next = nextSignificant(json, i + 1);
      if (json[next] === (char === "{" ? "}" : "]")) {
        out.push(char === "{" ? "{}" : "[]");
        i = next;
      } else {
        depth += 1;
        out.push(char, newline());
      }
    } else if (char === "}" || char === "]") {
      depth -= 1;
      out.push(newline(), char);
    } else if (char === ",") {
      out.push(",", newline());
    } else if (char === ":") {
      out.push(": ");
    } else if (char !== " " && char !== "\t" && char !== "\n" && char !== "\r") {
      out.push(char);
    }
  }
  return out.join("");
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
