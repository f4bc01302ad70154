export interface SseFrame {
  id?: string;
  event?: string;
  data: string;
}

/** Parses a complete text/event-stream body into frames (comments dropped). */
export function parseSse(body: string): SseFrame[] {
  const frames: SseFrame[] = [];
  for (const block of body.split(/\r?\n\r?\n/)) {
    const frame: SseFrame = { data: "" };
    let hasData = false;
    for (const line of block.split(/\r?\n/)) {
      if (line === "" || line.startsWith(":")) continue;
      const colon = line.indexOf(":");
      const field = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? "" : line.slice(colon + 1).replace(/^ /, "");
      if (field === "data") {
        frame.data = hasData ? `${frame.data}\n${value}` : value;
        hasData = true;
      } else if (field === "id") frame.id = value;
      else if (field === "event") frame.event = value;
    }
    if (hasData) frames.push(frame);
  }
  return frames;
}

/** The JSON data of every frame (non-JSON frames such as `[DONE]` as strings). */
export function sseData(body: string): unknown[] {
  return parseSse(body).map((frame) => {
    try {
      return JSON.parse(frame.data) as unknown;
    } catch {
      return frame.data;
    }
  });
}
