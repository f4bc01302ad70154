import { authOf } from "../../infra/api-guard.js";
import { deletedSchema } from "../../infra/common-schemas.js";
import { errorResponses } from "../../infra/error-responses.js";
import type { App } from "../../infra/http-types.js";
import type { LabelsService } from "./labels-service.js";
import {
  contactLabelsParamsSchema,
  createLabelBodySchema,
  labelListSchema,
  labelNamesBodySchema,
  labelParamsSchema,
  labelSchema,
  threadLabelsParamsSchema,
  updateLabelBodySchema,
} from "./schemas.js";

const tags = ["Labels"];
const UNKNOWN =
  "`label_not_found`: a name in `labels` is no label of the project (the message names each); nothing changes.";
const EXISTS = "`label_exists`: the project has a label of that name, in any case.";

/** Labels under /v1 (docs/labels.md): the project's labels, and those of threads and contacts. */
export function labelsRoutes(app: App, labels: LabelsService): void {
  app.get(
    "/labels",
    {
      schema: {
        tags,
        operationId: "listLabels",
        summary: "The project's labels",
        response: { 200: labelListSchema },
      },
    },
    async (request) => ({ data: await labels.list(authOf(request)) }),
  );

  app.post(
    "/labels",
    {
      schema: {
        tags,
        operationId: "createLabel",
        summary: "Create a label",
        body: createLabelBodySchema,
        response: { 200: labelSchema, ...errorResponses({ 409: EXISTS }) },
      },
    },
    async (request) => labels.create(authOf(request), request.body),
  );

  app.get(
    "/labels/:label_id",
    {
      schema: {
        tags,
        operationId: "getLabel",
        summary: "Get a label",
        params: labelParamsSchema,
        response: { 200: labelSchema },
      },
    },
    async (request) => labels.get(authOf(request), request.params.label_id),
  );

  app.put(
    "/labels/:label_id",
    {
      schema: {
        tags,
        operationId: "updateLabel",
        summary: "Rename or recolour a label",
        description: "Only the fields sent change; threads and contacts keep the label under its new name.",
        params: labelParamsSchema,
        body: updateLabelBodySchema,
        response: { 200: labelSchema, ...errorResponses({ 409: EXISTS }) },
      },
    },
    async (request) => labels.update(authOf(request), request.params.label_id, request.body),
  );

  app.delete(
    "/labels/:label_id",
    {
      schema: {
        tags,
        operationId: "deleteLabel",
        summary: "Delete a label",
        description:
          "It comes off every thread and contact that carries it (no `labels_changed` is raised for them).",
        params: labelParamsSchema,
        response: { 200: deletedSchema },
      },
    },
    async (request) => labels.delete(authOf(request), request.params.label_id),
  );

  app.get(
    "/threads/:thread_id/labels",
    {
      schema: {
        tags,
        operationId: "listThreadLabels",
        summary: "A thread's labels",
        params: threadLabelsParamsSchema,
        response: { 200: labelListSchema },
      },
    },
    async (request) => ({ data: await labels.ofThread(authOf(request), request.params.thread_id) }),
  );

  app.post(
    "/threads/:thread_id/labels",
    {
      schema: {
        tags,
        operationId: "addThreadLabels",
        summary: "Put labels on a thread",
        description:
          "Answers the thread's labels. A label the thread carries already stays as it is; raises `labels_changed` " +
          "(and the `thread.labels.changed` webhook) only when a label was added.",
        params: threadLabelsParamsSchema,
        body: labelNamesBodySchema,
        response: { 200: labelListSchema, ...errorResponses({ 422: UNKNOWN }) },
      },
    },
    async (request) => ({
      data: await labels.addToThread(authOf(request), request.params.thread_id, request.body.labels),
    }),
  );

  app.post(
    "/threads/:thread_id/labels/remove",
    {
      schema: {
        tags,
        operationId: "removeThreadLabels",
        summary: "Take labels off a thread",
        description: "Answers the thread's labels. Raises `labels_changed` only when a label came off.",
        params: threadLabelsParamsSchema,
        body: labelNamesBodySchema,
        response: { 200: labelListSchema, ...errorResponses({ 422: UNKNOWN }) },
      },
    },
    async (request) => ({
      data: await labels.removeFromThread(authOf(request), request.params.thread_id, request.body.labels),
    }),
  );

  app.get(
    "/contacts/:contact_id/labels",
    {
      schema: {
        tags,
        operationId: "listContactLabels",
        summary: "A contact's labels",
        params: contactLabelsParamsSchema,
        response: {
          200: labelListSchema,
          ...errorResponses({ 404: "`contact_not_found`: no such contact." }),
        },
      },
    },
    async (request) => ({ data: await labels.ofContact(authOf(request), request.params.contact_id) }),
  );

  app.post(
    "/contacts/:contact_id/labels",
    {
      schema: {
        tags,
        operationId: "addContactLabels",
        summary: "Put labels on a contact",
        description: "Answers the contact's labels; a label the contact carries already stays as it is.",
        params: contactLabelsParamsSchema,
        body: labelNamesBodySchema,
        response: {
          200: labelListSchema,
          ...errorResponses({ 404: "`contact_not_found`: no such contact.", 422: UNKNOWN }),
        },
      },
    },
    async (request) => ({
      data: await labels.addToContact(authOf(request), request.params.contact_id, request.body.labels),
    }),
  );

  app.post(
    "/contacts/:contact_id/labels/remove",
    {
      schema: {
        tags,
        operationId: "removeContactLabels",
        summary: "Take labels off a contact",
        description: "Answers the contact's labels.",
        params: contactLabelsParamsSchema,
        body: labelNamesBodySchema,
        response: {
          200: labelListSchema,
          ...errorResponses({ 404: "`contact_not_found`: no such contact.", 422: UNKNOWN }),
        },
      },
    },
    async (request) => ({
      data: await labels.removeFromContact(authOf(request), request.params.contact_id, request.body.labels),
    }),
  );
}
