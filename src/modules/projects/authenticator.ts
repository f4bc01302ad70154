import { lookupPrefix, secretMatchesHash } from "../../infra/api-key-secrets.js";
import type { AuthContext } from "../../infra/auth-context.js";
import type { Clock } from "../../infra/clock.js";
import type { ApiKeysRepo } from "../../storage/repos/api-keys.repo.js";

/** last_used_at is written at most once per this interval per key, so reads cost no write. */
export const LAST_USED_RESOLUTION_MS = 60_000;

export interface AuthenticatorDeps {
  apiKeys: ApiKeysRepo;
  clock: Clock;
  onBackgroundError: (error: unknown) => void;
}

/** Resolves a presented secret to its key, or null. Revocation takes effect on the next request. */
export class Authenticator {
  private readonly touching = new Map<string, Promise<void>>();

  constructor(private readonly deps: AuthenticatorDeps) {}

  async authenticate(secret: string): Promise<AuthContext | null> {
    const candidates = await this.deps.apiKeys.findLiveByPrefix(lookupPrefix(secret));
    // Compare against every candidate so the time taken does not depend on which matched.
    let match: (typeof candidates)[number] | undefined;
    for (const candidate of candidates) {
      if (secretMatchesHash(secret, candidate.key_hash)) match = candidate;
    }
    if (!match) return null;
    this.touch(match.id, match.last_used_at);
    return {
      keyId: match.id,
      projectId: match.project_id,
      organizationId: match.organization_id,
      role: match.role,
    };
  }

  private touch(keyId: string, lastUsedAt: string | null): void {
    const now = this.deps.clock.now();
    if (lastUsedAt && now.getTime() - Date.parse(lastUsedAt) < LAST_USED_RESOLUTION_MS) return;
    if (this.touching.has(keyId)) return;
    const write = this.deps.apiKeys
      .touchLastUsed(keyId, now.toISOString())
      .catch(this.deps.onBackgroundError)
      .finally(() => this.touching.delete(keyId));
    this.touching.set(keyId, write);
  }

  /** Waits for background last_used_at writes (called before the database closes). */
  async idle(): Promise<void> {
    await Promise.all(this.touching.values());
  }
}

/** Extracts the secret from `Authorization: Bearer <key>`; undefined when absent or malformed. */
export function bearerSecret(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}
