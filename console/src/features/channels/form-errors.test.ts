import { describe, expect, it } from "vitest";
import { ApiError } from "../../api/client";
import { placeErrors } from "./form-errors";

describe("placeErrors", () => {
  it("puts 422 details at known inputs and lists the rest", () => {
    const error = new ApiError(422, "validation_failed", "x", [
      { path: "name", message: "must not be empty" },
      { path: "settings.x", message: "unknown" },
    ]);
    expect(placeErrors(error, ["name", "bot_id"])).toEqual({
      fields: { name: "must not be empty" },
      unplaced: [{ path: "settings.x", message: "unknown" }],
    });
  });

  it("puts a conflict code at the input it is about", () => {
    const taken = new ApiError(409, "chat_name_taken", "A chat with this name exists.");
    expect(placeErrors(taken, ["name", "bot_id"], { chat_name_taken: "name" }).fields).toEqual({
      name: "A chat with this name exists.",
    });
    // Not mapped, or mapped to an input the form lacks: nothing placed.
    expect(placeErrors(taken, ["name"]).fields).toEqual({});
    expect(placeErrors(taken, ["bot_id"], { chat_name_taken: "name" }).fields).toEqual({});
  });

  it("places nothing for a non-API error", () => {
    expect(placeErrors(new Error("boom"), ["name"])).toEqual({ fields: {}, unplaced: [] });
    expect(placeErrors(null, ["name"])).toEqual({ fields: {}, unplaced: [] });
  });
});
