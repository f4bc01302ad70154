/** Console people (docs/console.md): accounts, project roles, sign-in sessions. */

export type OperatorRole = "admin" | "operator";

export interface OperatorsTable {
  id: string;
  organization_id: string;
  /** Lower-cased; unique within the organization. */
  email: string;
  name: string;
  /** scrypt, self-describing (`scrypt$N$r$p$salt$hash`); never leaves the server. */
  password_hash: string;
  created_at: string;
  updated_at: string;
}

export interface ProjectMembersTable {
  project_id: string;
  operator_id: string;
  role: OperatorRole;
  last_sign_in_at: string | null;
  created_at: string;
}

export interface OperatorSessionsTable {
  id: string;
  /** SHA-256 of the cookie's secret; the secret itself is never stored. */
  token_hash: string;
  operator_id: string;
  /** The project the session works in (switchable among the operator's projects). */
  project_id: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  user_agent: string | null;
}

export interface OperatorTables {
  operators: OperatorsTable;
  project_members: ProjectMembersTable;
  operator_sessions: OperatorSessionsTable;
}
