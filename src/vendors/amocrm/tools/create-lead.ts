import { z } from "zod";
import { ToolRefusal } from "../../../tools/tool-refusal.js";
import { ChannelError } from "../../contract/channel-error.js";
import type { IntegrationTool, IntegrationToolCall } from "../../contract/vendor-tool.js";
import { crmContactFields } from "../../shared/crm-contact-input.js";
import { askToCreateCrmRecord } from "../../shared/crm-presentation.js";
import { asArray, asRecord } from "../../shared/json-fields.js";
import { amocrmApiRequest } from "../api-v4.js";
import type { AmocrmAuthData } from "../auth-data.js";
import { idOf } from "../errors.js";
import type { AmocrmContext } from "../state.js";
import { leadSettings } from "./lead-settings.js";

/** How long one amoCRM call of the tool may take: the model and the customer are waiting. */
const TOOL_REQUEST_TIMEOUT_MS = 20_000;

export const createLeadInput = z.strictObject({
  ...crmContactFields("lead"),
  note: z
    .string()
    .trim()
    .min(1, "must not be empty")
    .max(5000, "must be at most 5000 characters")
    .optional()
    .describe(
      "What the customer wants, in a few sentences: products, quantities, dates, wishes. Added to the lead as a note.",
    ),
  price: z
    .number()
    .int("must be a whole number")
    .nonnegative("must not be negative")
    .max(2_000_000_000, "is too large")
    .optional()
    .describe("The lead's budget in the account's currency, when known (a whole number)."),
});

type CreateLeadInput = z.infer<typeof createLeadInput>;

/**
 * What the model is told when a call failed (docs/channels.md, "amoCRM"): amoCRM's own words,
 * which never hold the token. Refused credentials stay a ChannelError, so the integration moves
 * to `error` and the model is told an administrator must connect it again.
 */
function refusalOf(error: unknown, what: string, mayHaveHappened: boolean): unknown {
  const check = mayHaveHappened ? " It may have gone through: check amoCRM before trying again." : "";
  if (error instanceof ChannelError) {
    if (error.kind === "credentials_rejected") return error;
    if (error.kind === "rate_limited") {
      return new ToolRefusal(`amoCRM is limiting requests right now; try ${what} again in a few seconds.`);
    }
    if (error.kind === "permanent") return new ToolRefusal(`amoCRM refused ${what}: ${error.message}.`);
    return new ToolRefusal(`amoCRM failed while ${what} (${error.message}).${check || " Try again later."}`);
  }
  if (error instanceof ToolRefusal) return error;
  const timedOut = error instanceof Error && error.name === "TimeoutError";
  return new ToolRefusal(
    `amoCRM ${timedOut ? "did not answer in time" : "could not be reached"} while ${what}.${check || " Try again later."}`,
  );
}

/** The contact's phone and email as amoCRM's system fields (`PHONE`, `EMAIL`, work type). */
function contactFields(input: CreateLeadInput) {
  const fields: Array<{ field_code: string; values: Array<{ enum_code: string; value: string }> }> = [];
  if (input.phone) fields.push({ field_code: "PHONE", values: [{ enum_code: "WORK", value: input.phone }] });
  if (input.email) fields.push({ field_code: "EMAIL", values: [{ enum_code: "WORK", value: input.email }] });
  return fields;
}

/** Adds the note to the lead; the lead exists already, so a failure is reported, not thrown. */
async function addNote(context: AmocrmContext, leadId: string, text: string): Promise<string | null> {
  try {
    await amocrmApiRequest(
      context,
      "add note",
      "POST",
      `/api/v4/leads/${encodeURIComponent(leadId)}/notes`,
      [{ note_type: "common", params: { text } }],
      AbortSignal.timeout(TOOL_REQUEST_TIMEOUT_MS),
    );
    return null;
  } catch (error) {
    if (error instanceof ChannelError && error.kind === "credentials_rejected") throw error;
    const refusal = refusalOf(error, "adding the note", false);
    return refusal instanceof Error ? refusal.message : "the note could not be added";
  }
}

/**
 * `amocrm_create_lead` (docs/channels.md, "amoCRM"): a lead in the account with the customer as
 * its contact, in one call (`POST /api/v4/leads/complex`: the lead, its contact with phone and
 * email, amoCRM's duplicate control deciding whether an existing contact is reused), then the
 * note (`POST /api/v4/leads/{id}/notes`). Pipeline, stage and responsible user come from the
 * integration's settings (tools/lead-settings.ts). Returns the lead's id and its link.
 */
export const amocrmCreateLeadTool: IntegrationTool<AmocrmAuthData> = {
  name: "amocrm_create_lead",
  description:
    "Creates a lead in the company's amoCRM for the customer in this conversation, with their contact details " +
    "(name, phone, email), a budget when known and a note of what they want, so a manager follows up. Use it " +
    "once the customer has asked to order, book or be contacted and has given a phone number or email. " +
    "Returns the lead's id and a link to it.",
  presentation: {
    title: { en: "Create an amoCRM lead", ru: "Создать сделку в amoCRM" },
    summary: {
      en: "Adds the customer's request to amoCRM as a lead, with their name, phone and email as its contact.",
      ru: "Заносит запрос клиента в amoCRM как сделку, с его именем, телефоном и email в контакте.",
    },
    ask: askToCreateCrmRecord,
  },
  inputSchema: createLeadInput,
  async execute(context, input: CreateLeadInput, call: IntegrationToolCall) {
    const settings = leadSettings(context.settings);
    const name = input.name ?? (call.person?.name?.trim() || undefined);
    if (!name && !input.phone && !input.email) {
      throw new ToolRefusal(
        "A lead needs the customer's name, phone or email: ask the customer for a phone number or email first.",
      );
    }
    const title = input.title ?? (name ? `Request from ${name}` : "Request from a chat");
    const fields = contactFields(input);
    const lead = {
      name: title,
      ...(input.price !== undefined ? { price: input.price } : {}),
      ...(settings.pipelineId ? { pipeline_id: settings.pipelineId } : {}),
      ...(settings.statusId ? { status_id: settings.statusId } : {}),
      ...(settings.responsibleUserId ? { responsible_user_id: settings.responsibleUserId } : {}),
      _embedded: {
        contacts: [
          {
            name: name ?? input.email ?? input.phone,
            ...(fields.length > 0 ? { custom_fields_values: fields } : {}),
            ...(settings.responsibleUserId ? { responsible_user_id: settings.responsibleUserId } : {}),
          },
        ],
      },
    };
    let created: { access: { apiBase: string }; body: unknown };
    try {
      created = await amocrmApiRequest(
        context,
        "create lead",
        "POST",
        "/api/v4/leads/complex",
        [lead],
        AbortSignal.timeout(TOOL_REQUEST_TIMEOUT_MS),
      );
    } catch (error) {
      throw refusalOf(
        error,
        "creating the lead",
        !(error instanceof ChannelError) || error.kind === "transient",
      );
    }
    const first = asRecord(asArray(created.body)[0]);
    const leadId = idOf(first?.id);
    if (!leadId)
      throw new ToolRefusal("amoCRM did not say which lead it created; check amoCRM before trying again.");
    const contactId = idOf(first?.contact_id);
    const noteError = input.note ? await addNote(context, leadId, input.note) : null;
    return {
      lead_id: Number(leadId),
      url: `${created.access.apiBase}/leads/detail/${leadId}`,
      title,
      contact_id: contactId === undefined ? null : Number(contactId),
      // amoCRM's duplicate control (when on) merges into an existing contact and says so.
      contact: first?.merged === true ? "existing" : "created",
      ...(input.note ? { note: noteError === null ? "added" : `not added: ${noteError}` } : {}),
    };
  },
};
