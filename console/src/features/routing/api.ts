/**
 * Routing (docs/routing.md): availability, capacity, teams and a thread's team queue. Operators
 * set their own availability, read teams and move threads; admins manage teams and capacities.
 */
import { api } from "../../api/client";

export type Availability = "online" | "busy" | "offline";
export const AVAILABILITIES: Availability[] = ["online", "busy", "offline"];

/** The routing fields of an Operator (GET /v1/operators). */
export interface OperatorRouting {
  id: string;
  name: string;
  availability?: Availability;
  effective_availability?: Availability;
  capacity?: number | null;
}

export interface Team {
  id: string;
  name: string;
  members: Array<{ id: string; name: string }>;
  created_at: string;
  updated_at: string;
}

export const routingKeys = {
  teams: ["routing", "teams"] as const,
};

const enc = encodeURIComponent;

export const setMyAvailability = (availability: Availability) =>
  api<OperatorRouting>("/operators/me/availability", { method: "POST", body: { availability } });

export const setCapacity = (operatorId: string, capacity: number | null) =>
  api<OperatorRouting>(`/operators/${enc(operatorId)}`, { method: "POST", body: { capacity } });

export const listTeams = () => api<{ data: Team[] }>("/teams").then((page) => page.data);
export const createTeam = (name: string) => api<Team>("/teams", { method: "POST", body: { name } });
export const deleteTeam = (id: string) =>
  api<{ id: string; deleted: true }>(`/teams/${enc(id)}/delete`, { method: "POST" });
export const addTeamMember = (teamId: string, operatorId: string) =>
  api<Team>(`/teams/${enc(teamId)}/members`, { method: "POST", body: { operator_id: operatorId } });
export const removeTeamMember = (teamId: string, operatorId: string) =>
  api<Team>(`/teams/${enc(teamId)}/members/${enc(operatorId)}/delete`, { method: "POST" });

export const setThreadTeam = <T>(threadId: string, teamId: string | null) =>
  api<T>(`/threads/${enc(threadId)}/team`, { method: "POST", body: { team_id: teamId } });
