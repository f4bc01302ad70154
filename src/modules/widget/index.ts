/** The widget module's public face: what other modules, the composition root and the HTTP app may use (docs/development.md, "Modules"). */
export { widgetAdminRoutes } from "./admin-routes.js";
export { composeWidget } from "./compose.js";
export { widgetPublicRoutes } from "./public-routes.js";
export { WidgetVisitorService } from "./visitor-service.js";
export { WidgetSettingsService } from "./widget-settings-service.js";
