import { z } from "zod";
import type { App } from "../../infra/http-types.js";
import type { ModelCatalog } from "./model-catalog.js";
import { modelSchema } from "./schemas.js";

export function modelRoutes(app: App, catalog: ModelCatalog): void {
  app.get(
    "/models",
    {
      schema: {
        tags: ["Models"],
        operationId: "listModels",
        summary: "List the model catalog",
        description:
          "Every model a bot may use, with its note, provider and whether the provider is configured here.",
        response: { 200: z.array(modelSchema) },
      },
    },
    async () => catalog.list(),
  );
}
