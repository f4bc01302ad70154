import type { OAuthConfig } from "../../../config-oauth.js";
import type { Transactor } from "../../../events/unit-of-work.js";
import type { AuthContext } from "../../../infra/auth-context.js";
import type { Clock } from "../../../infra/clock.js";
import { ApiError, assertOwned } from "../../../infra/errors.js";
import type { SecretBox } from "../../../infra/secret-box.js";
import type { Repos } from "../../../storage/repos/index.js";
import type { IntegrationRow } from "../../../storage/repos/integrations.repo.js";
import { ChannelError } from "../../../vendors/contract/channel-error.js";
import type { OAuthGrant } from "../../../vendors/contract/oauth-protocol.js";
import { isOAuthVendor, type OAuthVendorId as OAuthVendor } from "../../../vendors/registry.js";
import type { IntegrationLifecycle } from "../integrations-service.js";
import { channelOf } from "../vendor-lookup.js";
import type { CallbackOutcome } from "./callback-page.js";
import { oauthAppOf } from "./oauth-app.js";
import {
  newState,
  OAUTH_STATE_TTL_MS,
  parseState,
  stateHashOf,
  stateSignatureMatches,
} from "./oauth-state.js";
import type { OAuthTokens } from "./oauth-tokens.js";
import type { OAuthProtocols } from "./protocols.js";

export const VENDOR_NAMES: Record<OAuthVendor, string> = {
  github: "GitHub",
  google: "Google",
  yandex: "Yandex",
  amocrm: "amoCRM",
  bitrix24: "Bitrix24",
};

export interface OAuthServiceDeps {
  repos: Repos;
  transactor: Transactor;
  secrets: SecretBox;
  clock: Clock;
  protocols: OAuthProtocols;
  config: Pick<OAuthConfig, "apps" | "redirectUrl">;
  tokens: OAuthTokens;
  /** Restores the chats of an integration back from `error` and registers its webhook again. */
  lifecycle?: Pick<IntegrationLifecycle, "saved">;
  log: { warn(object: unknown, message: string): void; info(object: unknown, message: string): void };
  fetch?: typeof fetch;
}

const refused = (detail: string, status: 400 | 502 = 400): CallbackOutcome => ({
  status,
  title: "Connection failed",
  detail,
});

const START_AGAIN = "Start the connection again from Parley.";
const STATE_KEPT_AFTER_EXPIRY_MS = 24 * 60 * 60 * 1000;

/**
 * Connecting an integration by OAuth (docs/oauth.md): the start gives the vendor's consent URL
 * with a single-use, signed, ten-minute `state` bound to the integration and its project; the
 * callback checks the state, exchanges the code on the vendor's host, stores the tokens
 * sealed and sets the integration `active`. A refused callback changes nothing.
 */
export class OAuthService {
  constructor(private readonly deps: OAuthServiceDeps) {}

  /** POST /v1/integrations/:id/oauth/start. */
  async start(auth: AuthContext, integrationId: string): Promise<{ url: string }> {
    const row = assertOwned(
      await this.deps.repos.integrations.findById(integrationId),
      auth.projectId,
      "integration",
      integrationId,
    );
    const vendor = row.vendor;
    if (!isOAuthVendor(vendor)) {
      throw new ApiError(
        422,
        "oauth_not_supported",
        `The ${vendor} integration does not connect by OAuth (only github, google, yandex, amocrm and bitrix24 do).`,
      );
    }
    const authData = this.authDataOf(row);
    const client = oauthAppOf(vendor, authData, this.deps.config.apps);
    if (!client) {
      const name = `PARLEY_${vendor.toUpperCase()}`;
      throw new ApiError(
        422,
        "oauth_not_configured",
        `No ${VENDOR_NAMES[vendor]} OAuth app to connect with: set auth_data.client_id and ` +
          `auth_data.client_secret on the integration, or ${name}_CLIENT_ID and ${name}_CLIENT_SECRET on the server.`,
      );
    }
    const now = this.deps.clock.now();
    const expiresAt = new Date(now.getTime() + OAUTH_STATE_TTL_MS).toISOString();
    const { state, stateHash } = newState(this.deps.secrets, {
      integrationId: row.id,
      projectId: row.project_id,
      expiresAt,
    });
    const url = this.deps.protocols[vendor].authorizeUrl({
      client,
      redirectUri: this.deps.config.redirectUrl,
      state,
      authData,
    });
    await this.deps.repos.oauth.insertState({
      state_hash: stateHash,
      integration_id: row.id,
      project_id: row.project_id,
      expires_at: expiresAt,
      created_at: now.toISOString(),
      used_at: null,
    });
    return { url };
  }

  /** GET /oauth/callback: what the browser is shown. Never throws for anything the caller sent. */
  async callback(query: Record<string, string>): Promise<CallbackOutcome> {
    const checked = await this.checkState(query.state);
    if ("outcome" in checked) return checked.outcome;
    const { row, vendor } = checked;
    const name = VENDOR_NAMES[vendor];
    if (query.error) {
      const description = query.error_description ? `: ${query.error_description.slice(0, 200)}` : "";
      return refused(
        `${name} did not grant access (${query.error.slice(0, 60)}${description}). ${START_AGAIN}`,
      );
    }
    if (!query.code) return refused(`${name} sent no authorization code. ${START_AGAIN}`);
    const authData = this.authDataOf(row);
    const client = oauthAppOf(vendor, authData, this.deps.config.apps);
    if (!client) return refused(`No ${name} OAuth app is configured any more. ${START_AGAIN}`);
    let grant: OAuthGrant;
    try {
      grant = await this.deps.protocols[vendor].exchangeCode({
        client,
        redirectUri: this.deps.config.redirectUrl,
        authData,
        fetch: this.deps.fetch ?? globalThis.fetch,
        code: query.code,
        query,
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const code = error instanceof ChannelError ? error.code : "exchange_failed";
      this.deps.log.warn({ integrationId: row.id, vendor, code }, "OAuth code exchange failed");
      if (error instanceof ChannelError && error.kind !== "transient" && error.kind !== "rate_limited") {
        return refused(`${reason} ${START_AGAIN}`);
      }
      return refused(
        `${name} could not be reached to complete the connection (${reason}). ${START_AGAIN}`,
        502,
      );
    }
    await this.connect(row, grant);
    this.deps.log.info({ integrationId: row.id, vendor }, "integration connected by OAuth");
    return {
      status: 200,
      title: "Connected",
      detail: `The integration "${row.name}" is connected to ${name}. You can close this window.`,
    };
  }

  /** Forgets states a day after they expired (housekeeping); until then a replay is named as such. */
  async pruneStates(): Promise<void> {
    const before = new Date(this.deps.clock.now().getTime() - STATE_KEPT_AFTER_EXPIRY_MS);
    await this.deps.repos.oauth.pruneStates(before.toISOString());
  }

  /**
   * The state's integration, after checking it is well-formed, signed by this server, unused
   * and unexpired; using it here makes every later use a replay.
   */
  private async checkState(
    state: string | undefined,
  ): Promise<{ row: IntegrationRow; vendor: OAuthVendor } | { outcome: CallbackOutcome }> {
    const invalid = { outcome: refused(`This authorization link is not valid. ${START_AGAIN}`) };
    const parsed = parseState(state);
    if (!parsed) return invalid;
    const hash = stateHashOf(parsed.nonce);
    const stored = await this.deps.repos.oauth.findState(hash);
    if (!stored || !stateSignatureMatches(this.deps.secrets, parsed, stored)) return invalid;
    if (stored.used_at !== null) {
      return { outcome: refused(`This authorization link was already used. ${START_AGAIN}`) };
    }
    const now = this.deps.clock.now();
    const expired = Date.parse(stored.expires_at) <= now.getTime();
    if (expired || !(await this.deps.repos.oauth.consumeState(hash, now.toISOString()))) {
      return {
        outcome: refused(
          expired
            ? `This authorization link has expired (links last 10 minutes). ${START_AGAIN}`
            : `This authorization link was already used. ${START_AGAIN}`,
        ),
      };
    }
    const row = await this.deps.repos.integrations.findById(stored.integration_id);
    if (!row || row.project_id !== stored.project_id || !isOAuthVendor(row.vendor)) {
      return { outcome: refused("The integration this link was for no longer exists.") };
    }
    return { row, vendor: row.vendor };
  }

  /**
   * Stores the tokens and makes the integration `active` in one transaction; then its chats
   * come back from `error` and a CRM's webhook is registered again (IntegrationLifecycle).
   */
  private async connect(row: IntegrationRow, grant: OAuthGrant): Promise<void> {
    const now = this.deps.clock.now().toISOString();
    const patch = {
      status: "active" as const,
      connection_status: channelOf(row.vendor).setUpWebhook ? ("pending" as const) : null,
      connection_error: null,
      updated_at: now,
    };
    await this.deps.transactor.run(row.project_id, async (unit) => {
      await this.deps.tokens.storeNew(unit, row, grant);
      await unit.repos.integrations.update(row.id, patch);
    });
    await this.deps.lifecycle?.saved({ ...row, ...patch }, { previous: row, credentialsChanged: true });
  }

  private authDataOf(row: IntegrationRow): Record<string, unknown> {
    return JSON.parse(this.deps.secrets.open(row.auth_data)) as Record<string, unknown>;
  }
}
