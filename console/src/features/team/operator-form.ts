/**
 * Client-side checks and server-error placement for the team forms. Problems are codes; the
 * screens turn them into words (locales/<lang>/team.json `problems.*`).
 */
import { ApiError } from "../../api/client";
import { MIN_PASSWORD_LENGTH, type NewOperator } from "./api";

export type FieldProblem = "required" | "email" | "tooShort" | "mismatch";
export type Problems<K extends string> = Partial<Record<K, FieldProblem>>;

/** Loose on purpose: the server decides; this only catches typos like a missing "@". */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function passwordProblem(password: string): FieldProblem | undefined {
  if (!password) return "required";
  if (password.length < MIN_PASSWORD_LENGTH) return "tooShort";
  return undefined;
}

/**
 * The password may be left empty: that adds a person who already has an account in the
 * organization (they sign in with their own); for a new account the API answers 422 at it.
 */
export function validateNewOperator(value: NewOperator): Problems<keyof NewOperator> {
  const problems: Problems<keyof NewOperator> = {};
  if (!value.name.trim()) problems.name = "required";
  if (!value.email.trim()) problems.email = "required";
  else if (!EMAIL.test(value.email.trim())) problems.email = "email";
  const password = value.password ? passwordProblem(value.password) : undefined;
  if (password) problems.password = password;
  return problems;
}

/** The POST /v1/operators body: trimmed, without an empty password. */
export function newOperatorBody(value: NewOperator): NewOperator {
  const body: NewOperator = { name: value.name.trim(), email: value.email.trim(), role: value.role };
  if (value.password) body.password = value.password;
  return body;
}

export interface PasswordChange {
  current: string;
  next: string;
  confirm: string;
}

export function validatePasswordChange(value: PasswordChange): Problems<keyof PasswordChange> {
  const problems: Problems<keyof PasswordChange> = {};
  if (!value.current) problems.current = "required";
  const next = passwordProblem(value.next);
  if (next) problems.next = next;
  else if (value.confirm !== value.next) problems.confirm = "mismatch";
  return problems;
}

export interface ServerErrors {
  /** API messages by body path, for the form's inputs. */
  fields: Record<string, string>;
  /** 409 `operator_exists`: the email is already in this project. */
  exists: boolean;
}

/**
 * Places a failed operator create/update: 422 details at `name`/`email`/`password`/`role`;
 * 409 `account_exists` (the email has an account in the organization, so no password may be
 * set) at the email, with the API's explanation.
 */
export function operatorServerErrors(error: unknown): ServerErrors {
  if (!(error instanceof ApiError)) return { fields: {}, exists: false };
  const fields = error.fieldErrors();
  if (error.code === "account_exists") fields.email ??= error.message;
  return { fields, exists: error.status === 409 && error.code === "operator_exists" };
}

/**
 * Places a failed own-password change: 422 details at `current_password`/`new_password`; a
 * refusal without details (a wrong current password) at the current password.
 */
export function passwordChangeErrors(
  error: unknown,
): Record<"current_password" | "new_password", string | undefined> {
  if (!(error instanceof ApiError)) return { current_password: undefined, new_password: undefined };
  const fields = error.fieldErrors();
  const refused = error.details.length === 0 && [401, 403, 422].includes(error.status);
  return {
    current_password: fields.current_password ?? (refused ? error.message : undefined),
    new_password: fields.new_password,
  };
}
