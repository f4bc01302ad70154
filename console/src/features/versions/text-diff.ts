/**
 * A line diff of two texts for the versions screen: an instruction that changed reads as the
 * lines removed and added around the ones kept, rather than as two walls of text. Longest common
 * subsequence on lines; past `maxCells` (lines × lines) it gives up and the caller shows the two
 * texts whole.
 */
export interface DiffLine {
  kind: "same" | "removed" | "added";
  text: string;
}

export function lineDiff(before: string, after: string, maxCells = 4_000_000): DiffLine[] | null {
  const a = before.split("\n");
  const b = after.split("\n");
  // Lines equal at both ends need no table.
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  if (midA.length * midB.length > maxCells) return null;
  // lengths[i][j]: the LCS of midA[i..] and midB[j..], in one flat array.
  const width = midB.length + 1;
  const lengths = new Uint32Array((midA.length + 1) * width);
  for (let i = midA.length - 1; i >= 0; i--) {
    for (let j = midB.length - 1; j >= 0; j--) {
      lengths[i * width + j] =
        midA[i] === midB[j]
          ? lengths[(i + 1) * width + j + 1]! + 1
          : Math.max(lengths[(i + 1) * width + j]!, lengths[i * width + j + 1]!);
    }
  }
  const middle: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < midA.length && j < midB.length) {
    if (midA[i] === midB[j]) {
      middle.push({ kind: "same", text: midA[i]! });
      i++;
      j++;
    } else if (lengths[(i + 1) * width + j]! >= lengths[i * width + j + 1]!) {
      middle.push({ kind: "removed", text: midA[i++]! });
    } else {
      middle.push({ kind: "added", text: midB[j++]! });
    }
  }
  while (i < midA.length) middle.push({ kind: "removed", text: midA[i++]! });
  while (j < midB.length) middle.push({ kind: "added", text: midB[j++]! });
  return [
    ...a.slice(0, start).map((text) => ({ kind: "same" as const, text })),
    ...middle,
    ...a.slice(endA).map((text) => ({ kind: "same" as const, text })),
  ];
}

/** Whether a value reads better as a block of text than inline: long or several lines. */
export function isLongText(value: unknown): value is string {
  return typeof value === "string" && (value.length > 80 || value.includes("\n"));
}

/** A changed value as one line for people: strings as written, the rest as JSON. */
export function formatChangeValue(value: unknown): string {
  if (value === undefined) return "—";
  if (typeof value === "string") return value;
  return JSON.stringify(value, null, 2);
}
