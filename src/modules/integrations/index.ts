/** The integrations module's public face: what other modules, the composition root and the HTTP app may use (docs/development.md, "Modules"). */

export type { AttachmentFiles } from "./attachment-files/attachment-files.js";
export { attachmentFilesListener } from "./attachment-files/attachment-files-listener.js";
export { composeIntegrations } from "./compose.js";
export { ConnectionService } from "./connection-service.js";
export { Connectors } from "./connectors.js";
export { deliveryListener } from "./delivery/delivery-listener.js";
export { MessageDeliverer } from "./delivery/message-deliverer.js";
export { pendingDelivery } from "./delivery/message-delivery.js";
export type { ChannelInbox, InboxDelivery } from "./inbound/channel-inbox.js";
export { hookRoutes } from "./inbound/hook-routes.js";
export { InboundService } from "./inbound/inbound-service.js";
export { IntegrationTools } from "./integration-tools.js";
export { IntegrationsService } from "./integrations-service.js";
export { integrationJobHandlers } from "./job-handlers.js";
export { mediaRoutes, mediaUrl } from "./media-routes.js";
export { oauthJobHandlers } from "./oauth/job-handlers.js";
export { OAuthService } from "./oauth/oauth-service.js";
export { OAuthTokens } from "./oauth/oauth-tokens.js";
export { oauthProtocols } from "./oauth/protocols.js";
export { oauthCallbackRoutes, oauthStartRoutes } from "./oauth/routes.js";
export { integrationRoutes } from "./routes.js";
export { VENDOR_ADDRESS_ERROR_CODE, vendorFetch } from "./vendor-fetch.js";
