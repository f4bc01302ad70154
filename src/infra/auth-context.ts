import type { ApiKeyRole } from "../storage/schema.js";
import type { OperatorRole } from "../storage/schema-operators.js";

/** A person signed in to the console (docs/console.md). */
export interface SignedInOperator {
  id: string;
  name: string;
  email: string;
  /** Their role in the session's project: `operator` may work with threads only. */
  role: OperatorRole;
  sessionId: string;
}

/**
 * Who is calling: derived from the API key or the session cookie alone, never from request
 * headers. For a session, `keyId` is the session's id (rate limits and stream revocation are
 * per session) and `role` is `project`.
 */
export interface AuthContext {
  keyId: string;
  projectId: string;
  organizationId: string;
  role: ApiKeyRole;
  operator?: SignedInOperator;
}

/** Who did something to a thread (took it over, changed its mode): a person or an API key. */
export interface ThreadActor {
  type: "operator" | "api_key";
  id: string;
  name: string | null;
}

export function actorOf(auth: AuthContext): ThreadActor {
  return auth.operator
    ? { type: "operator", id: auth.operator.id, name: auth.operator.name }
    : { type: "api_key", id: auth.keyId, name: null };
}
