/**
 * Reads an SSE response to its end and reports when the first text arrived. `isText` says
 * whether a `data` payload carries generated text.
 */
export async function readSse(response: Response, isText: (data: string) => boolean): Promise<number | null> {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  let firstTextAt: number | null = null;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return firstTextAt;
    if (firstTextAt !== null) continue;
    buffer += value;
    for (const line of buffer.split("\n")) {
      if (line.startsWith("data:") && isText(line.slice(5).trim())) {
        firstTextAt = performance.now();
        break;
      }
    }
    buffer = buffer.slice(buffer.lastIndexOf("\n") + 1);
  }
}
