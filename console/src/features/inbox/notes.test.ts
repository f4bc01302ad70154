import { describe, expect, it } from "vitest";
import { insertMention, mentionedIds, mentionQuery, mergeNote, placeNotes, type ThreadNote } from "./notes";

const note = (id: string, created_at: string): ThreadNote => ({
  id,
  thread_id: "t",
  author: { type: "operator", id: "opr_a", name: "Olga" },
  text: id,
  mentions: [],
  created_at,
  updated_at: created_at,
});

describe("private notes in the console", () => {
  it("places notes among the conversation's items by time", () => {
    const times = ["2026-01-01T10:00:00.000Z", "2026-01-01T10:05:00.000Z"];
    const early = note("early", "2026-01-01T09:00:00.000Z");
    const between = note("between", "2026-01-01T10:01:00.000Z");
    const late = note("late", "2026-01-01T11:00:00.000Z");
    const placed = placeNotes(times, [early, between, late]);
    expect(placed.before.map((notes) => notes.map((n) => n.id))).toEqual([["early"], ["between"]]);
    expect(placed.after.map((n) => n.id)).toEqual(["late"]);
    expect(placeNotes([], [early]).after).toEqual([early]);
  });

  it("merges a live note, an edit and a delete", () => {
    const a = note("a", "2026-01-01T10:00:00.000Z");
    const b = note("b", "2026-01-01T09:00:00.000Z");
    expect(mergeNote([a], b).map((n) => n.id)).toEqual(["b", "a"]);
    expect(mergeNote([a, b], { ...a, text: "edited" }).find((n) => n.id === "a")?.text).toBe("edited");
    expect(mergeNote([a, b], a, true)).toEqual([b]);
  });

  it("finds the @word being typed and inserts the chosen name", () => {
    expect(mentionQuery("Hi @Ol", 6)).toEqual({ start: 3, query: "Ol" });
    expect(mentionQuery("@", 1)).toEqual({ start: 0, query: "" });
    expect(mentionQuery("mail@example", 12)).toBeNull();
    expect(mentionQuery("Hi @Olga done", 13)).toBeNull();
    const inserted = insertMention("Hi @Ol, see", { start: 3, query: "Ol" }, "Olga K");
    expect(inserted).toEqual({ text: "Hi @Olga K , see", caret: 11 });
  });

  it("mentions only the picked operators whose name is still in the text", () => {
    const picked = [
      { id: "opr_o", name: "Olga" },
      { id: "opr_i", name: "Ivan" },
      { id: "opr_o", name: "Olga" },
    ];
    expect(mentionedIds("@Olga and @Ivan", picked)).toEqual(["opr_o", "opr_i"]);
    expect(mentionedIds("only @Ivan now", picked)).toEqual(["opr_i"]);
  });
});
