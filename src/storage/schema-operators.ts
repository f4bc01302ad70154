/** Console people (docs/console.md): accounts, project roles, sign-in sessions. */

import type { Generated } from "kysely";

export type OperatorRole = "admin" | "operator";

export type OperatorAvailability = "online" | "busy" | "offline";

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
  /** Set by hand (docs/routing.md): `online`, `busy` or `offline`; effective availability also needs activity. */
  availability: Generated<OperatorAvailability>;
  /** Most open assigned conversations routing gives them; null: no limit (docs/routing.md). */
  capacity: Generated<number | null>;
  /** Their last console request in the project, written at most once a minute (docs/routing.md). */
  last_seen_at: Generated<string | null>;
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

/** A team of a project's operators (docs/routing.md); threads may be queued to one. */
export interface TeamsTable {
  id: string;
  project_id: string;
  /** Unique within the project. */
  name: string;
  created_at: string;
  updated_at: string;
}

export interface TeamMembersTable {
  team_id: string;
  operator_id: string;
  project_id: string;
  created_at: string;
}

/** A project's routing settings (docs/routing.md); no row: the defaults. */
export interface RoutingSettingsTable {
  project_id: string;
  /** 1: hand-offs are assigned by round robin. */
  auto_assign: number;
  /** Minutes without a console request after which an operator counts as offline. */
  offline_after_minutes: number;
  /** The team a hand-off without a team is queued to; null: none. */
  handoff_team_id: string | null;
  updated_at: string;
}

/**
 * The round robin's place: the operator last given a thread, per project (`scope` '') and per
 * team (`scope` the team's id). The project's row is locked by every auto-assignment.
 */
export interface RoutingCursorsTable {
  project_id: string;
  scope: string;
  last_operator_id: string | null;
}

export interface OperatorTables {
  operators: OperatorsTable;
  project_members: ProjectMembersTable;
  operator_sessions: OperatorSessionsTable;
  teams: TeamsTable;
  team_members: TeamMembersTable;
  routing_settings: RoutingSettingsTable;
  routing_cursors: RoutingCursorsTable;
}
