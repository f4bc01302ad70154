import { authOf } from "../../infra/api-guard.js";
import { deletedSchema } from "../../infra/common-schemas.js";
import { errorResponses } from "../../infra/error-responses.js";
import type { App } from "../../infra/http-types.js";
import type { ContactsService } from "./contacts-service.js";
import {
  contactListQuerySchema,
  contactListSchema,
  contactParamsSchema,
  contactSchema,
  contactThreadListSchema,
  contactThreadsQuerySchema,
  createContactBodySchema,
  mergeContactBodySchema,
  updateContactBodySchema,
} from "./schemas.js";

const tags = ["Contacts"];
const NOT_FOUND = {
  404:
    "`contact_not_found`: no contact with this id in the project (another project's is not found either); " +
    "`contact_merged`: the contact was merged into another, named in `details[0].message` (path `merged_into`).",
};

/**
 * Contacts (docs/contacts.md): the project's persons as people — their fields, search, their
 * conversations in every chat, and merging two into one. Operators may use them all
 * (operators/operator-access.ts).
 */
export function contactRoutes(app: App, contacts: ContactsService): void {
  app.get(
    "/contacts",
    {
      schema: {
        tags,
        operationId: "listContacts",
        summary: "List and search contacts",
        description:
          "Newest first; contacts merged into another are left out. `q` matches part of the name, email, phone, " +
          "external id or vendor user id, case-insensitively.",
        querystring: contactListQuerySchema,
        response: { 200: contactListSchema },
      },
    },
    async (request) => contacts.list(authOf(request), request.query),
  );

  app.post(
    "/contacts",
    {
      schema: {
        tags,
        operationId: "createContact",
        summary: "Create a contact",
        description:
          "A person the team knows before they write. With `external_id`, the stream endpoint's " +
          "`person.external_id` of that value reaches this contact.",
        body: createContactBodySchema,
        response: {
          200: contactSchema,
          ...errorResponses({
            409: "`contact_external_id_taken`: another contact of the project has this external id.",
          }),
        },
      },
    },
    async (request) => contacts.create(authOf(request), request.body),
  );

  app.get(
    "/contacts/:contact_id",
    {
      schema: {
        tags,
        operationId: "getContact",
        summary: "Get a contact",
        params: contactParamsSchema,
        response: { 200: contactSchema, ...errorResponses(NOT_FOUND) },
      },
    },
    async (request) => contacts.get(authOf(request), request.params.contact_id),
  );

  app.post(
    "/contacts/:contact_id",
    {
      schema: {
        tags,
        operationId: "updateContact",
        summary: "Update a contact",
        description:
          "Only the fields sent change (`null` clears one); `attributes` sets the keys it names and removes " +
          "those sent as `null`.",
        params: contactParamsSchema,
        body: updateContactBodySchema,
        response: { 200: contactSchema, ...errorResponses(NOT_FOUND) },
      },
    },
    async (request) => contacts.update(authOf(request), request.params.contact_id, request.body),
  );

  app.post(
    "/contacts/:contact_id/delete",
    {
      schema: {
        tags,
        operationId: "deleteContact",
        summary: "Delete a contact",
        description:
          "With the contacts merged into it and what semantic recall kept of them. Their threads stay, without " +
          "a person; a later message from one of their identities starts a new contact.",
        params: contactParamsSchema,
        response: { 200: deletedSchema, ...errorResponses(NOT_FOUND) },
      },
    },
    async (request) => contacts.delete(authOf(request), request.params.contact_id),
  );

  app.get(
    "/contacts/:contact_id/threads",
    {
      schema: {
        tags,
        operationId: "listContactThreads",
        summary: "List a contact's conversations in every chat",
        description: "Newest activity first (the latest message, or creation for a thread without messages).",
        params: contactParamsSchema,
        querystring: contactThreadsQuerySchema,
        response: { 200: contactThreadListSchema, ...errorResponses(NOT_FOUND) },
      },
    },
    async (request) => contacts.threads(authOf(request), request.params.contact_id, request.query),
  );

  app.post(
    "/contacts/:contact_id/merge",
    {
      schema: {
        tags,
        operationId: "mergeContact",
        summary: "Merge another contact into this one",
        description:
          "The other contact's threads (with their working memory) and semantic-recall memory move here; its " +
          "fields fill this contact's empty ones (this contact's values win; attributes key by key); its " +
          "identities (external id, vendor users) reach this contact from now on, and it is no longer listed " +
          "(GET answers 404 `contact_merged`). Sending the same merge again answers the same. Emits " +
          "`contact.merged`.",
        params: contactParamsSchema,
        body: mergeContactBodySchema,
        response: {
          200: contactSchema,
          ...errorResponses({
            400: "`contact_merge_self`: `from` is this contact.",
            ...NOT_FOUND,
            409: "`contact_merged`: `from` was already merged into another contact.",
          }),
        },
      },
    },
    async (request) => contacts.merge(authOf(request), request.params.contact_id, request.body.from),
  );
}
