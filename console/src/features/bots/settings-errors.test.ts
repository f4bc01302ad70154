import { describe, expect, it } from "vitest";
import { mapApiErrors } from "./settings-errors";

describe("mapApiErrors", () => {
  it("puts settings errors at their form fields", () => {
    const mapped = mapApiErrors(
      [
        { path: "ai.model.temperature", message: "must be between 0 and 2" },
        { path: "ai.memory.lastMessages", message: "must be between 0 and 100" },
      ],
      "settings",
    );
    expect(mapped).toEqual({
      fields: {
        "settings.ai.model.temperature": "must be between 0 and 2",
        "settings.ai.memory.lastMessages": "must be between 0 and 100",
      },
      other: [],
    });
  });

  it("accepts paths already prefixed with settings.", () => {
    expect(
      mapApiErrors([{ path: "settings.ai.model.id", message: "unknown model" }], "settings").fields,
    ).toEqual({
      "settings.ai.model.id": "unknown model",
    });
  });

  it("maps array items to the list's control", () => {
    expect(
      mapApiErrors(
        [{ path: "ai.knowledge.vectorStoreIds.0", message: "must be a vector store id" }],
        "settings",
      ).fields,
    ).toEqual({ "settings.ai.knowledge.vectorStoreIds": "must be a vector store id" });
  });

  it("maps tool errors only for tools that have a row on the form", () => {
    const details = [
      { path: "ai.tools.get_current_time", message: "Invalid option" },
      { path: "ai.tools.nope", message: "unknown tool" },
    ];
    const mapped = mapApiErrors(details, "settings", ["ai.tools.get_current_time"]);
    expect(mapped.fields).toEqual({ "settings.ai.tools.get_current_time": "Invalid option" });
    expect(mapped.other).toEqual([{ path: "ai.tools.nope", message: "unknown tool" }]);
  });

  it("sends fields without a control to other, not to a parent control", () => {
    const mapped = mapApiErrors(
      [
        { path: "ai.foo", message: "unknown field" },
        { path: "ai.model.id.extra", message: "x" },
        { path: "", message: "body" },
      ],
      "settings",
    );
    expect(mapped.fields).toEqual({});
    expect(mapped.other).toEqual([
      { path: "ai.foo", message: "unknown field" },
      { path: "ai.model.id.extra", message: "x" },
      { path: "(body)", message: "body" },
    ]);
  });

  it("splits joined paths and joins several messages for one field", () => {
    const mapped = mapApiErrors(
      [
        { path: "ai.model.top_p, ai.model.temperature", message: "set one of them" },
        { path: "ai.model.temperature", message: "must be a number" },
      ],
      "settings",
    );
    expect(mapped.fields).toEqual({
      "settings.ai.model.top_p": "set one of them",
      "settings.ai.model.temperature": "set one of them; must be a number",
    });
  });

  it("maps the bot route's name and description under profile", () => {
    const mapped = mapApiErrors(
      [
        { path: "name", message: "must not be empty" },
        { path: "ai.instruction", message: "not a profile field" },
      ],
      "profile",
    );
    expect(mapped.fields).toEqual({ "profile.name": "must not be empty" });
    expect(mapped.other).toEqual([{ path: "ai.instruction", message: "not a profile field" }]);
  });
});
