import { authOf } from "../../infra/api-guard.js";
import type { App } from "../../infra/http-types.js";
import type { BusinessHoursService } from "./business-hours-service.js";
import {
  businessHoursBodySchema,
  businessHoursSchema,
  businessHoursStatusQuerySchema,
  businessHoursStatusSchema,
} from "./schemas.js";

const tags = ["Business hours"];

/** The calling project's business hours under /v1 (docs/business-hours.md). */
export function businessHoursRoutes(app: App, businessHours: BusinessHoursService): void {
  app.get(
    "/business_hours",
    {
      schema: {
        tags,
        operationId: "getBusinessHours",
        summary: "The project's business hours",
        description:
          "Never set: the defaults (off, `UTC`, closed every day, no message) with `updated_at` null.",
        response: { 200: businessHoursSchema },
      },
    },
    async (request) => businessHours.get(authOf(request)),
  );

  app.post(
    "/business_hours",
    {
      schema: {
        tags,
        operationId: "replaceBusinessHours",
        summary: "Replace the project's business hours",
        description:
          "Replaces the whole setting. 422 names the field: a time zone Intl does not know, a time " +
          "that is not HH:MM, an interval that ends before it starts or overlaps another of its day, a " +
          "holiday that is not a date, a message without `default`.",
        body: businessHoursBodySchema,
        response: { 200: businessHoursSchema },
      },
    },
    async (request) => businessHours.replace(authOf(request), request.body),
  );

  app.get(
    "/business_hours/status",
    {
      schema: {
        tags,
        operationId: "getBusinessHoursStatus",
        summary: "Whether people are in, and when they next open and close",
        description:
          "At `at` (default: now). Both the next opening and the next closing after `at` are given: " +
          "open, the closing comes first; closed, the opening. While business hours are off: open, both null.",
        querystring: businessHoursStatusQuerySchema,
        response: { 200: businessHoursStatusSchema },
      },
    },
    async (request) => businessHours.status(authOf(request), request.query.at),
  );
}
