import { describe, expect, it } from "vitest";
import { colorOf, integrationStatusColor, splitCodeSpans, translatedOr } from "./presentation";

describe("splitCodeSpans", () => {
  it("splits Markdown code spans out of a description", () => {
    expect(splitCodeSpans("Bot token from @BotFather, `<bot id>:<secret>`.")).toEqual([
      { text: "Bot token from @BotFather, ", code: false },
      { text: "<bot id>:<secret>", code: true },
      { text: ".", code: false },
    ]);
    expect(splitCodeSpans("plain")).toEqual([{ text: "plain", code: false }]);
    expect(splitCodeSpans("an ` unpaired tick")).toEqual([{ text: "an ` unpaired tick", code: false }]);
  });
});

describe("unknown values from the API", () => {
  it("fall back to gray and to the raw value", () => {
    expect(colorOf(integrationStatusColor, "error")).toBe("red");
    expect(colorOf(integrationStatusColor, "paused")).toBe("gray");
    expect(translatedOr("channels:vendors.line", "vendors.line", "line")).toBe("line");
    expect(translatedOr("Telegram", "vendors.telegram", "telegram")).toBe("Telegram");
  });
});
