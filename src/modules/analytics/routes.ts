import { z } from "zod";
import { authOf } from "../../infra/api-guard.js";
import type { App } from "../../infra/http-types.js";
import type { AnalyticsService } from "./analytics-service.js";
import { reportCsv, reportFileName } from "./report-csv.js";
import { analyticsQuerySchema, analyticsReportSchema, MAX_RANGE_DAYS } from "./schemas.js";

const tags = ["Analytics"];

const RANGE =
  "The project's conversations over a range of days in a time zone, as totals and one bucket per day " +
  `(at most ${MAX_RANGE_DAYS} days; the last 30 by default), optionally of one bot or one channel. ` +
  "Read from rollups kept in the transactions of the events they count, so a request costs the same " +
  'whatever the number of messages (docs/quality.md, "Analytics"). 422 `validation_failed` for an ' +
  "unknown time zone, `from` before 1970-01-02 or after `to`, or a longer range.";

/** Conversation analytics (docs/quality.md, "Analytics"): the report as JSON and as CSV. */
export function analyticsRoutes(app: App, analytics: AnalyticsService): void {
  app.get(
    "/analytics",
    {
      schema: {
        tags,
        operationId: "getAnalytics",
        summary: "Get conversation analytics",
        description: RANGE,
        querystring: analyticsQuerySchema,
        response: { 200: analyticsReportSchema },
      },
    },
    async (request) => analytics.report(authOf(request).projectId, request.query),
  );

  app.get(
    "/analytics.csv",
    {
      schema: {
        tags,
        operationId: "exportAnalyticsCsv",
        summary: "Export conversation analytics as CSV",
        description: `${RANGE} One line per day, with the columns of \`AnalyticsDay\` flattened (\`first_response_bot_p50_ms\`, \`cost_credits\`, …); sent as a download (Content-Disposition).`,
        querystring: analyticsQuerySchema,
        response: {
          200: {
            description: "The days as CSV (RFC 4180, a header line first).",
            content: { "text/csv": { schema: z.string() } },
          },
        },
      },
    },
    async (request, reply) => {
      const report = await analytics.report(authOf(request).projectId, request.query);
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${reportFileName(report)}"`)
        .send(reportCsv(report));
    },
  );
}
