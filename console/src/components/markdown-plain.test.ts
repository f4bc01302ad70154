import { describe, expect, it } from "vitest";
import { markdownToPlainText } from "./markdown-plain";

describe("markdownToPlainText", () => {
  it("keeps the words and drops the marks", () => {
    expect(markdownToPlainText("**Thanks!** You asked: *Berlin*. See [our page](https://x.example).")).toBe(
      "Thanks! You asked: Berlin. See our page.",
    );
    expect(markdownToPlainText("Steps:\n\n1. one\n2. `two`\n\n> quoted")).toBe("Steps: one two quoted");
  });

  it("leaves text without Markdown as it is, HTML included", () => {
    expect(markdownToPlainText("Hello?  <b>x</b>")).toBe("Hello? <b>x</b>");
  });
});
