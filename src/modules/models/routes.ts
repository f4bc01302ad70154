import { z } from "zod";
import { ApiError } from "../../infra/errors.js";
import type { App } from "../../infra/http-types.js";
import type { LocalModels } from "./local/local-models.js";
import type { ModelCatalog } from "./model-catalog.js";
import { modelSchema } from "./schemas.js";

export function modelRoutes(app: App, catalog: ModelCatalog, local: LocalModels): void {
  app.get(
    "/models",
    {
      schema: {
        tags: ["Models"],
        operationId: "listModels",
        summary: "List the model catalog",
        description:
          "Every model a bot may use, with its note, provider and whether the provider is configured here; embedded (`local/…`) models also say whether their file is here and how its download goes.",
        response: { 200: z.array(modelSchema) },
      },
    },
    async () => catalog.list(),
  );

  app.post(
    "/models/download",
    {
      schema: {
        tags: ["Models"],
        operationId: "downloadModel",
        summary: "Download an embedded model",
        description:
          "Starts downloading an embedded (`local/…`) model's file to this server (docs/local-models.md), or joins the download in progress; answers at once with the model as GET /v1/models shows it. A model already here is answered as is. The file is verified by its SHA-256 before use.",
        body: z.strictObject({
          model: z.string().min(1).max(300).describe("The model's catalog id, `local/…`."),
        }),
        response: { 202: modelSchema },
      },
    },
    async (request, reply) => {
      const id = request.body.model;
      const spec = local.get(id);
      if (!spec) throw new ApiError(404, "model_not_found", `No embedded model '${id}' in the catalog.`);
      if (!spec.download && !local.status(spec).installed) {
        throw new ApiError(
          422,
          "model_not_downloadable",
          `'${id}' names a file that is not here, and no download is known for it (docs/local-models.md).`,
        );
      }
      // The outcome is read from GET /v1/models (progress, then installed or error).
      if (!local.status(spec).installed) local.startDownload(spec).catch(() => {});
      return reply.code(202).send(catalog.get(id) as NonNullable<ReturnType<ModelCatalog["get"]>>);
    },
  );
}
