import { describe, expect, it } from "vitest";
import { insertVariable, toCannedBody, toCannedForm } from "./canned-form";

describe("the canned response form", () => {
  it("sends the code lowercased without a leading slash, and a blank title as none", () => {
    expect(toCannedBody({ shortCode: " /Refund ", title: "  ", content: "Hi {{contact.name}}" })).toEqual({
      ok: true,
      body: { short_code: "refund", title: null, content: "Hi {{contact.name}}" },
    });
    expect(toCannedBody({ shortCode: "a-b_1", title: " Title ", content: "x" })).toEqual({
      ok: true,
      body: { short_code: "a-b_1", title: "Title", content: "x" },
    });
  });

  it("names what to fix: an empty or bad code, blank content", () => {
    expect(toCannedBody({ shortCode: "", title: "", content: " " })).toEqual({
      ok: false,
      errors: { short_code: "codeRequired", content: "contentRequired" },
    });
    expect(toCannedBody({ shortCode: "two words", title: "", content: "x" })).toEqual({
      ok: false,
      errors: { short_code: "codeChars" },
    });
    expect(toCannedBody({ shortCode: "x".repeat(33), title: "", content: "x" })).toMatchObject({ ok: false });
  });

  it("fills the form from a response, and puts a variable at the caret", () => {
    expect(
      toCannedForm({
        id: "cr_1",
        short_code: "hi",
        title: null,
        content: "Hello",
        created_by: "key_1",
        created_at: "",
        updated_at: "",
      }),
    ).toEqual({ shortCode: "hi", title: "", content: "Hello" });
    expect(insertVariable("Hello !", 6, "contact.name")).toEqual({
      content: "Hello {{contact.name}}!",
      caret: 22,
    });
    expect(insertVariable("", 10, "bot.name")).toEqual({ content: "{{bot.name}}", caret: 12 });
  });
});
