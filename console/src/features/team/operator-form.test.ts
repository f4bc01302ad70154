import { describe, expect, it } from "vitest";
import { ApiError } from "../../api/client";
import {
  newOperatorBody,
  operatorServerErrors,
  passwordChangeErrors,
  validateNewOperator,
  validatePasswordChange,
} from "./operator-form";

describe("validateNewOperator", () => {
  const valid = { name: "Ann", email: "ann@example.com", password: "0123456789", role: "operator" as const };

  it("accepts a complete operator", () => {
    expect(validateNewOperator(valid)).toEqual({});
  });

  it("names every missing or wrong field; an empty password is allowed (existing account)", () => {
    expect(validateNewOperator({ ...valid, name: "  ", email: "", password: "" })).toEqual({
      name: "required",
      email: "required",
    });
    expect(validateNewOperator({ ...valid, email: "ann.example.com", password: "123456789" })).toEqual({
      email: "email",
      password: "tooShort",
    });
  });
});

describe("newOperatorBody", () => {
  it("trims and leaves out an empty password", () => {
    expect(
      newOperatorBody({ name: " Ann ", email: " ann@example.com ", password: "", role: "admin" }),
    ).toEqual({
      name: "Ann",
      email: "ann@example.com",
      role: "admin",
    });
    expect(
      newOperatorBody({ name: "Ann", email: "a@b.co", password: "0123456789", role: "operator" }),
    ).toEqual({
      name: "Ann",
      email: "a@b.co",
      password: "0123456789",
      role: "operator",
    });
  });
});

describe("validatePasswordChange", () => {
  it("wants the current password, 10+ characters and the same twice", () => {
    expect(validatePasswordChange({ current: "", next: "short", confirm: "short" })).toEqual({
      current: "required",
      next: "tooShort",
    });
    expect(validatePasswordChange({ current: "old", next: "0123456789", confirm: "0123456788" })).toEqual({
      confirm: "mismatch",
    });
    expect(validatePasswordChange({ current: "old", next: "0123456789", confirm: "0123456789" })).toEqual({});
  });
});

describe("server errors", () => {
  it("puts 422 details at their fields and recognises operator_exists", () => {
    const invalid = new ApiError(422, "validation_failed", "bad", [
      { path: "password", message: "too short" },
    ]);
    expect(operatorServerErrors(invalid)).toEqual({ fields: { password: "too short" }, exists: false });
    const exists = new ApiError(409, "operator_exists", "An operator with this email exists.");
    expect(operatorServerErrors(exists).exists).toBe(true);
    expect(operatorServerErrors(new Error("x"))).toEqual({ fields: {}, exists: false });
    const account = new ApiError(409, "account_exists", "Add them without a password.");
    expect(operatorServerErrors(account)).toEqual({
      fields: { email: "Add them without a password." },
      exists: false,
    });
  });

  it("puts a refused password change at the current password", () => {
    // What the API answers for a wrong current password.
    const wrong = new ApiError(422, "validation_failed", "x", [
      { path: "current_password", message: "is wrong" },
    ]);
    expect(passwordChangeErrors(wrong)).toEqual({ current_password: "is wrong", new_password: undefined });
    const refused = new ApiError(403, "invalid_password", "The current password is wrong.");
    expect(passwordChangeErrors(refused).current_password).toBe("The current password is wrong.");
    const invalid = new ApiError(422, "validation_failed", "x", [
      { path: "new_password", message: "too short" },
    ]);
    expect(passwordChangeErrors(invalid)).toEqual({ current_password: undefined, new_password: "too short" });
    expect(passwordChangeErrors(new ApiError(500, "internal", "boom")).current_password).toBeUndefined();
  });
});
