// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import { findScript, readEmbed } from "./embed";

function script(src: string, data: Record<string, string> = {}): HTMLScriptElement {
  const el = document.createElement("script");
  el.setAttribute("src", src);
  el.type = "text/plain"; // not executed by the test DOM
  for (const [key, value] of Object.entries(data)) el.dataset[key] = value;
  document.body.appendChild(el);
  return el;
}

beforeEach(() => {
  document.body.textContent = "";
});

describe("findScript", () => {
  it("prefers document.currentScript when it is a widget script", () => {
    const own = script("https://parley.example/widget.js", { chat: "c1" });
    script("https://parley.example/widget.js", { chat: "c2" });
    expect(findScript(own)).toBe(own);
  });

  it("otherwise takes the last widget.js script with data-chat", () => {
    script("https://parley.example/widget.js", { chat: "c1" });
    const last = script("https://parley.example/widget.js?v=3", { chat: "c2" });
    script("https://cdn.example/other.js", { chat: "c3" });
    script("https://parley.example/widget.js");
    expect(findScript(null)).toBe(last);
  });

  it("finds nothing without a widget script", () => {
    script("https://cdn.example/app.js", { chat: "x" });
    expect(findScript(null)).toBeNull();
  });
});

describe("readEmbed", () => {
  it("reads the chat, the API base and the options", () => {
    const el = script("https://parley.example/widget.js", {
      chat: " chat_1 ",
      userId: "u42",
      userSignature: "deadbeef",
      userName: "Ann Lee",
      open: "true",
    });
    expect(readEmbed(el)).toEqual({
      chatId: "chat_1",
      base: "https://parley.example",
      identity: { user_id: "u42", signature: "deadbeef", name: "Ann Lee" },
      open: true,
    });
  });

  it("keeps a path prefix Parley is served under and drops the query", () => {
    const el = script("https://example.com/parley/widget.js?v=2", { chat: "c" });
    expect(readEmbed(el)!.base).toBe("https://example.com/parley");
  });

  it("sends no identity unless both the user id and the signature are there", () => {
    expect(
      readEmbed(script("https://p.example/widget.js", { chat: "c", userId: "u1" }))!.identity,
    ).toBeNull();
    expect(
      readEmbed(script("https://p.example/widget.js", { chat: "c", userSignature: "s" }))!.identity,
    ).toBeNull();
    expect(
      readEmbed(script("https://p.example/widget.js", { chat: "c", userId: "u", userSignature: "s" }))!
        .identity,
    ).toEqual({
      user_id: "u",
      signature: "s",
    });
  });

  it("opens only on data-open=true", () => {
    expect(readEmbed(script("https://p.example/widget.js", { chat: "c", open: "yes" }))!.open).toBe(false);
    expect(readEmbed(script("https://p.example/widget.js", { chat: "c" }))!.open).toBe(false);
  });

  it("refuses a script without data-chat", () => {
    expect(readEmbed(script("https://p.example/widget.js"))).toBeNull();
    expect(readEmbed(script("https://p.example/widget.js", { chat: "  " }))).toBeNull();
  });
});
