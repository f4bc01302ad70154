import type { ApiKeyRole } from "../storage/schema.js";

/** Who is calling: derived from the API key alone, never from request headers. */
export interface AuthContext {
  keyId: string;
  projectId: string;
  organizationId: string;
  role: ApiKeyRole;
}
