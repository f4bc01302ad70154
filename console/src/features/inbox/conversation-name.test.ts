import { describe, expect, it } from "vitest";
import { channelOf, conversationNumber, identify } from "./conversation-name";

const thread = (id: string, person: { id: string; name: string | null } | null = null) => ({
  id,
  chat_id: "chat_1",
  person,
});

describe("conversation names", () => {
  it("names the person when the channel or the API gave a name", () => {
    expect(identify(thread("w_abc", { id: "per_1", name: " Ann " }), { name: "Website" }).who).toEqual({
      kind: "person",
      name: "Ann",
    });
  });

  it("numbers an unnamed person stably, by person, else by thread, from 1 to 9999", () => {
    const a = identify(thread("w_S4Qm1", { id: "per_9", name: null }), {});
    const b = identify(thread("w_other", { id: "per_9", name: null }), {});
    expect(a.who).toEqual(b.who);
    expect(a.who).toMatchObject({ kind: "visitor" });
    const ids = Array.from({ length: 2000 }, (_, i) => conversationNumber(`thr_${i}`));
    expect(Math.min(...ids)).toBeGreaterThanOrEqual(1);
    expect(Math.max(...ids)).toBeLessThanOrEqual(9999);
    // Spread out: 2000 ids take well over a thousand different numbers.
    expect(new Set(ids).size).toBeGreaterThan(1500);
    expect(conversationNumber("thr_1")).toBe(conversationNumber("thr_1"));
  });

  it("tells the widget, Try it, the API and vendors apart", () => {
    expect(channelOf(thread("w_abc"), { name: "Website", vendor: "parley" })).toEqual({ kind: "widget" });
    // Operators do not know vendors: the widget's thread ids still tell.
    expect(channelOf(thread("w_abc"), { name: "Website" })).toEqual({ kind: "widget" });
    expect(channelOf(thread("try-1"), { name: "Try it: Support", vendor: "parley" })).toEqual({
      kind: "try",
    });
    expect(channelOf(thread("live-1"), { name: "Website", vendor: "parley" })).toEqual({ kind: "api" });
    expect(channelOf(thread("thr_1"), { name: "DMs", vendor: "telegram" })).toEqual({
      kind: "vendor",
      vendor: "telegram",
    });
    // A Telegram chat someone named "Try it: …" is still Telegram.
    expect(channelOf(thread("thr_1"), { name: "Try it: x", vendor: "telegram" })).toMatchObject({
      kind: "vendor",
    });
    expect(channelOf(thread("thr_1"), { name: "DMs" })).toEqual({ kind: "chat", name: "DMs" });
    expect(channelOf(thread("thr_1"), {})).toEqual({ kind: "unknown" });
  });

  it("calls an unnamed Try it person a tester and any other a customer", () => {
    expect(identify(thread("try-1"), { name: "Try it: Support" }).who).toMatchObject({ kind: "tester" });
    expect(identify(thread("thr_1"), { name: "DMs", vendor: "vk" }).who).toMatchObject({ kind: "customer" });
  });
});
