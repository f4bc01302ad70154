import { api } from "./client";

/** GET /v1/session (docs/console.md). */
export interface Session {
  id: string;
  user: { id: string; email: string; name: string };
  project: { id: string; name: string };
  role: "admin" | "operator";
  projects: Array<{ id: string; name: string; role: "admin" | "operator" }>;
  csrf_token: string;
  expires_at: string;
}

export const fetchSession = () => api<Session>("/session", { quiet401: true });

export const signIn = (body: { email: string; password: string; project_id?: string }) =>
  api<Session>("/sessions", { method: "POST", body, quiet401: true });

export const signOut = () => api<void>("/session/sign-out", { method: "POST" });

export const switchProject = (projectId: string) =>
  api<Session>("/session/project", { method: "POST", body: { project_id: projectId } });
