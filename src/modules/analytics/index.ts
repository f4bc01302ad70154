/** The analytics module's public face: what other modules, the composition root and the HTTP app may use (docs/development.md, "Modules"). */
export { analyticsListener } from "./analytics-listener.js";
export { AnalyticsService } from "./analytics-service.js";
export { composeAnalytics } from "./compose.js";
export { analyticsQuerySchema, analyticsReportSchema } from "./schemas.js";
