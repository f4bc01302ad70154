import type { Transactor } from "../../events/unit-of-work.js";
import { createGuardedFetch } from "../../infra/outbound-http/guarded-fetch.js";
import type { ToolProvider } from "../../tools/tool-provider.js";
import type { ModuleContext, ModuleParts } from "../../wiring/module-parts.js";
import { FileStore } from "../knowledge/index.js";
import { attachmentFileRoutes } from "./attachment-files/attachment-file-routes.js";
import { AttachmentFiles } from "./attachment-files/attachment-files.js";
import { ConnectionService } from "./connection-service.js";
import { Connectors } from "./connectors.js";
import type { DeliveryFiles } from "./delivery/file-parts.js";
import { MessageDeliverer } from "./delivery/message-deliverer.js";
import type { ChannelInbox } from "./inbound/channel-inbox.js";
import { hookRoutes } from "./inbound/hook-routes.js";
import { InboundService } from "./inbound/inbound-service.js";
import { IntegrationTools } from "./integration-tools.js";
import { IntegrationsService } from "./integrations-service.js";
import { integrationJobHandlers } from "./job-handlers.js";
import { mediaRoutes, mediaUrl } from "./media-routes.js";
import { oauthJobHandlers } from "./oauth/job-handlers.js";
import { OAuthService } from "./oauth/oauth-service.js";
import { OAuthTokens } from "./oauth/oauth-tokens.js";
import { oauthProtocols } from "./oauth/protocols.js";
import { oauthCallbackRoutes, oauthStartRoutes } from "./oauth/routes.js";
import { integrationRoutes } from "./routes.js";
import { VENDOR_ADDRESS_ERROR_CODE, vendorFetch } from "./vendor-fetch.js";

/** Vendors redeliver an event for a few days at most (Meta: up to 7): its dedupe key is kept 14. */
const INBOUND_DEDUPE_RETENTION_MS = 14 * 24 * 60 * 60 * 1000;

/**
 * Integrations of the vendors (docs/channels.md, docs/oauth.md): the API, each vendor's calls
 * with the integration's credentials (`Connectors`, through the outbound guard for addresses
 * from users' data), inbound hooks handed to the threads' inbox, delivery of replies, OAuth
 * connections and their refresh, the media proxy, and the tools integrations give bots.
 */
export function composeIntegrations(
  context: ModuleContext,
  deps: {
    transactor: Transactor;
    processId: string;
    inbox: ChannelInbox;
    /** The files messages send (docs/channels.md, "Files"). */
    files?: DeliveryFiles;
  },
): ModuleParts & {
  connectors: Connectors;
  connection: ConnectionService;
  tools: ToolProvider;
  attachmentFiles: AttachmentFiles;
} {
  const { config, repos, secrets, clock, newId, log } = context;
  const { transactor } = deps;
  const protocols = oauthProtocols(config.oauth);
  const vendorGuard = createGuardedFetch({
    allowPrivate: config.webhooksAllowPrivate,
    refusalCode: VENDOR_ADDRESS_ERROR_CODE,
    maxBodyBytes: config.files.maxUploadBytes,
  });
  const fetch = vendorFetch(config, vendorGuard.fetch);
  const authLost = (...args: Parameters<ConnectionService["authLost"]>) => connection.authLost(...args);
  // What the OAuth tokens and the OAuth service share.
  const oauthDeps = { repos, transactor, secrets, clock, protocols, config: config.oauth, log, fetch };
  const tokens = new OAuthTokens({
    ...oauthDeps,
    owner: deps.processId,
    authLost,
  });
  const connectors = new Connectors({ config, secrets, repos, oauth: tokens, fetch });
  const connection: ConnectionService = new ConnectionService({
    repos,
    transactor,
    connectors,
    publicUrl: config.publicUrl,
    clock,
    log,
    mediaUrl: (integrationId, ref) => mediaUrl(config.publicUrl, secrets, integrationId, ref),
  });
  const oauth = new OAuthService({ ...oauthDeps, tokens, lifecycle: connection });
  const deliverer = new MessageDeliverer({
    repos,
    connectors,
    connection,
    clock,
    maxAttempts: config.channelSendMaxAttempts,
    ...(deps.files ? { files: deps.files } : {}),
    ...(context.telemetry ? { telemetry: context.telemetry } : {}),
  });
  const attachmentFiles = new AttachmentFiles({
    repos,
    connectors,
    store: new FileStore(config.files.dir, config.files.attachmentMaxBytes),
    clock,
    newId,
    maxBytes: config.files.attachmentMaxBytes,
    retentionDays: config.files.attachmentRetentionDays,
  });
  const inbound = new InboundService({ repos, connectors, inbox: deps.inbox });
  const integrations = new IntegrationsService({
    integrations: repos.integrations,
    lifecycle: connection,
    secrets,
    clock,
    newId,
  });
  return {
    name: "integrations",
    connectors,
    connection,
    attachmentFiles,
    tools: new IntegrationTools({ repos, connectors, authLost }),
    routes(api) {
      integrationRoutes(api, integrations);
      oauthStartRoutes(api, oauth);
      attachmentFileRoutes(api, attachmentFiles);
    },
    async publicRoutes(app) {
      await hookRoutes(app, inbound);
      mediaRoutes(app, { secrets, repos, connectors });
      oauthCallbackRoutes(app, oauth);
    },
    jobs: [
      ...integrationJobHandlers({ connection, deliverer, attachmentFiles }),
      ...oauthJobHandlers({ tokens }),
    ],
    async housekeeping() {
      await connection.resumePendingConnections();
      await oauth.pruneStates();
      const cutoff = new Date(clock.now().getTime() - INBOUND_DEDUPE_RETENTION_MS);
      await repos.integrations.pruneInboundEvents(cutoff.toISOString());
      await attachmentFiles.sweep();
    },
    async close() {
      vendorGuard.close();
    },
  };
}
