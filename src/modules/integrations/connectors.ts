import type { Config } from "../../config.js";
import type { SecretBox } from "../../infra/secret-box.js";
import type { Repos } from "../../storage/repos/index.js";
import type { IntegrationRow } from "../../storage/repos/integrations.repo.js";
import type { Channel } from "../../vendors/contract/channel.js";
import type {
  ConnectorState,
  OAuthAccess,
  OAuthAccessOptions,
  VendorContext,
} from "../../vendors/contract/vendor-context.js";
import { isOAuthVendor, type Vendor, type VendorId, vendorOf } from "../../vendors/registry.js";
import { channelOf } from "./vendor-lookup.js";

export interface ConnectorsDeps {
  config: Pick<Config, "publicUrl" | "vendorApiUrls" | "vendorConfig">;
  secrets: SecretBox;
  repos: Repos;
  /** Vendor calls go through this (tests may wrap it). */
  fetch?: typeof fetch;
  /** Live tokens of the vendors connected by OAuth (oauth/oauth-tokens.ts); without it, no `oauth`. */
  oauth?: { access(row: IntegrationRow, options?: OAuthAccessOptions): Promise<OAuthAccess> };
}

/** A vendor, its channel and the context for one integration. */
export interface Connector {
  vendor: Vendor;
  /** The vendor's channel (empty for a vendor that carries no messages). */
  channel: Channel;
  context: VendorContext<Record<string, unknown>>;
}

/** Where a vendor posts inbound webhooks for an integration. */
export function hookUrlOf(publicUrl: string, vendor: string, integrationId: string): string {
  return `${publicUrl}/hooks/${vendor}/${integrationId}`;
}

/**
 * Gives adapters what they need for one integration and nothing more (docs/development.md, "Adding
 * a vendor"): the decrypted auth_data, the connector state, the vendor's configured base URL,
 * the hook URL and `fetch`; for vendors connected by OAuth, `oauth()` (a live token, refreshed
 * when needed: docs/oauth.md). State an adapter saves is sealed and stored as it is saved, and
 * kept whether the call succeeds or not (a token refreshed before a failed send is kept).
 */
export class Connectors {
  constructor(private readonly deps: ConnectorsDeps) {}

  open(row: IntegrationRow): Connector & { flush(): Promise<void> } {
    const state: ConnectorState = row.connector_state
      ? (JSON.parse(this.deps.secrets.open(row.connector_state)) as ConnectorState)
      : {};
    // Each patch is stored at once, not when the call ends: a vendor may call the hook while
    // the set-up is still running (VK's confirmation, Avito's probe) and must find the secret.
    let writes: Promise<void> = Promise.resolve();
    const context: VendorContext<Record<string, unknown>> = {
      integration: { id: row.id, name: row.name },
      authData: JSON.parse(this.deps.secrets.open(row.auth_data)) as Record<string, unknown>,
      state,
      saveState: (patch) => {
        Object.assign(state, patch);
        const snapshot = { ...state };
        writes = writes.then(() => this.saveState(row, snapshot));
        return writes;
      },
      settings: JSON.parse(row.settings) as Record<string, unknown>,
      apiBaseUrl: this.deps.config.vendorApiUrls[row.vendor as VendorId] ?? "",
      hookUrl: hookUrlOf(this.deps.config.publicUrl, row.vendor, row.id),
      vendorConfig: this.deps.config.vendorConfig[row.vendor as VendorId] ?? {},
      fetch: this.deps.fetch ?? globalThis.fetch,
    };
    const tokens = this.deps.oauth;
    if (tokens && isOAuthVendor(row.vendor)) context.oauth = (options) => tokens.access(row, options);
    return { vendor: vendorOf(row.vendor), channel: channelOf(row.vendor), context, flush: () => writes };
  }

  /** Runs a call with the integration's connector and stores the state it saved. */
  async use<T>(row: IntegrationRow, call: (connector: Connector) => Promise<T>): Promise<T> {
    const connector = this.open(row);
    try {
      return await call(connector);
    } finally {
      await connector.flush();
    }
  }

  private async saveState(row: IntegrationRow, state: ConnectorState): Promise<void> {
    const sealed = this.deps.secrets.seal(JSON.stringify(state));
    row.connector_state = sealed;
    await this.deps.repos.integrations.update(row.id, { connector_state: sealed });
  }
}
