/**
 * People of the project (operators and admins) and the signed-in person's own password
 * (docs/console.md). Admins manage the team; operators may only list it (for assignment).
 */
import { api } from "../../api/client";

export type OperatorRole = "admin" | "operator";
export const OPERATOR_ROLES: OperatorRole[] = ["admin", "operator"];

export interface Operator {
  id: string;
  email: string;
  name: string;
  role: OperatorRole;
  created_at: string;
  last_sign_in_at: string | null;
  /** Routing (docs/routing.md); optional until every server sends them. */
  availability?: "online" | "busy" | "offline";
  effective_availability?: "online" | "busy" | "offline";
  capacity?: number | null;
}

/** The API's lower bound for a password (POST /v1/operators, /v1/session/password). */
export const MIN_PASSWORD_LENGTH = 10;

export const teamKeys = {
  // Under "operators" so that the inbox's assignee lists refresh after a change here too.
  operators: ["operators", "team"] as const,
};

export const listOperators = () => api<{ data: Operator[] }>("/operators").then((page) => page.data);

export interface NewOperator {
  name: string;
  email: string;
  /** Required for a new account; omitted to add an existing account of the organization. */
  password?: string;
  role: OperatorRole;
}
export const createOperator = (body: NewOperator) => api<Operator>("/operators", { method: "POST", body });

export const updateOperator = (id: string, body: { name?: string; role?: OperatorRole; password?: string }) =>
  api<Operator>(`/operators/${encodeURIComponent(id)}`, { method: "POST", body });

export const removeOperator = (id: string) =>
  api<{ id: string; deleted: true }>(`/operators/${encodeURIComponent(id)}/delete`, { method: "POST" });
// 409 `last_admin` (create/update/delete) and `operator_shared` (password of a person in other
// projects) are shown with the API's own message.

/**
 * 204 on success. `quiet401`: a wrong current password must not sign the person out, should
 * the server answer it with 401.
 */
export const changeOwnPassword = (body: { current_password: string; new_password: string }) =>
  api<void>("/session/password", { method: "POST", body, quiet401: true });
