/**
 * Parts of a Markdown text cut inside a fenced code block: the part that opens the fence gets
 * it closed at its end, and the next part opens it again (with the same info string), so the
 * code stays code on both sides of the cut instead of turning into text (and its closing fence
 * into an empty block). Fences are recognised at a line's start, as CommonMark's are outside
 * containers (up to three spaces, then three or more backticks or tildes).
 */

const OPENING = /^ {0,3}(`{3,}|~{3,})(.*)$/;

export function carryFences(parts: string[]): string[] {
  const out: string[] = [];
  let reopen = "";
  for (const part of parts) {
    const text = reopen === "" ? part : `${reopen}\n${part}`;
    const open = openFenceAtEnd(text);
    out.push(open ? `${text}\n${open.marker}` : text);
    reopen = open ? open.line : "";
  }
  return out;
}

/** The fence still open at the end of `text`: its marker and its opening line. */
function openFenceAtEnd(text: string): { marker: string; line: string } | null {
  let open: { marker: string; line: string } | null = null;
  for (const line of text.split("\n")) {
    const match = OPENING.exec(line);
    if (!match) continue;
    const marker = match[1] ?? "";
    const rest = match[2] ?? "";
    if (open === null) {
      if (!(marker.startsWith("`") && rest.includes("`"))) open = { marker, line: line.trimStart() };
    } else if (marker[0] === open.marker[0] && marker.length >= open.marker.length && rest.trim() === "") {
      open = null;
    }
  }
  return open;
}
