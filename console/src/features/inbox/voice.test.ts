import { describe, expect, it } from "vitest";
import type { Message } from "./types";
import { awaitsTranscript, soundAttachments, withoutTranscripts } from "./voice";

const voice = (over: Partial<Message> = {}): Message => ({
  id: "m1",
  role: "user",
  author: "user",
  content: "[voice message, 4 s] Book a table.",
  created_at: "2026-01-01T10:00:00.000Z",
  attachments: [{ kind: "voice", duration: 4, transcript: "Book a table." }],
  ...over,
});

describe("voice messages", () => {
  it("shows the placeholder without the transcript the server appended", () => {
    expect(withoutTranscripts(voice())).toBe("[voice message, 4 s]");
    expect(
      withoutTranscripts(voice({ content: "[voice message] (not transcribed: larger than 20 MB)" })),
    ).toBe("[voice message] (not transcribed: larger than 20 MB)");
  });

  it("finds voice and audio attachments only", () => {
    const message = voice({ attachments: [{ kind: "photo" }, { kind: "audio" }, { kind: "voice" }] });
    expect(soundAttachments(message).map((a) => a.kind)).toEqual(["audio", "voice"]);
  });

  it("knows a customer's voice message waits for its transcript until it has one or an error", () => {
    expect(awaitsTranscript([voice({ attachments: [{ kind: "voice" }] })])).toBe(true);
    expect(awaitsTranscript([voice()])).toBe(false);
    expect(
      awaitsTranscript([
        voice({ attachments: [{ kind: "voice", transcriptionError: { code: "too_long", message: "…" } }] }),
      ]),
    ).toBe(false);
    const answer = voice({ id: "m2", author: "bot", role: "assistant", content: "Hi", attachments: [] });
    expect(awaitsTranscript([voice({ attachments: [{ kind: "voice" }] }), answer])).toBe(false);
  });
});
