import { z } from "zod";
import { ToolRefusal } from "../../../tools/tool-refusal.js";
import { ChannelError } from "../../contract/channel-error.js";
import type { IntegrationTool, IntegrationToolCall } from "../../contract/vendor-tool.js";
import { crmContactFields } from "../../shared/crm-contact-input.js";
import { askToCreateCrmRecord } from "../../shared/crm-presentation.js";
import { asArray, asNumber, asRecord } from "../../shared/json-fields.js";
import type { Bitrix24AuthData } from "../auth-data.js";
import { callBitrix24 } from "../rest-client.js";
import type { Bitrix24Context } from "../state.js";
import { dealSettings } from "./deal-settings.js";

export const createDealInput = z.strictObject({
  ...crmContactFields("deal"),
  comment: z
    .string()
    .trim()
    .max(5000, "must be at most 5000 characters")
    .optional()
    .describe("What the customer wants, in a few sentences: products, quantities, dates, wishes."),
  amount: z
    .number()
    .positive("must be positive")
    .max(1_000_000_000_000, "is too large")
    .optional()
    .describe("The expected amount of the deal, when known."),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, "must be a three-letter currency code")
    .optional()
    .describe("The amount's currency, e.g. \"RUB\" (default: the portal's)."),
});

type CreateDealInput = z.infer<typeof createDealInput>;

/** What the model is told when a call failed: Bitrix24's words, never the token (there is none in them). */
function refusalOf(error: unknown, what: string, created: string): unknown {
  if (!(error instanceof ChannelError) || error.kind === "credentials_rejected") return error;
  if (error.kind === "rate_limited") {
    return new ToolRefusal(
      `Bitrix24 is limiting requests right now; try ${what} again in a few seconds.${created}`,
    );
  }
  if (error.kind === "permanent")
    return new ToolRefusal(`Bitrix24 refused ${what}: ${error.message}.${created}`);
  return new ToolRefusal(
    `Bitrix24 failed while ${what} (${error.message}); it may have gone through.${created}`,
  );
}

/** The first contact with this email or phone (`crm.duplicate.findbycomm`), so a returning customer is not added twice. */
async function findContact(context: Bitrix24Context, type: "EMAIL" | "PHONE", value: string) {
  const found = asRecord(
    await callBitrix24(context, "crm.duplicate.findbycomm", {
      entity_type: "CONTACT",
      type,
      values: [value],
    }),
  );
  for (const id of asArray(found?.CONTACT)) {
    const contactId = asNumber(id);
    if (contactId !== undefined) return contactId;
  }
  return undefined;
}

/** The deal's contact: found by email, then phone, else created; none without an email or phone. */
async function contactFor(
  context: Bitrix24Context,
  input: CreateDealInput,
  name: string | undefined,
  settings: ReturnType<typeof dealSettings>,
): Promise<{ id: number; found: boolean } | undefined> {
  if (!input.email && !input.phone) return undefined;
  const existing =
    (input.email ? await findContact(context, "EMAIL", input.email) : undefined) ??
    (input.phone ? await findContact(context, "PHONE", input.phone) : undefined);
  if (existing !== undefined) return { id: existing, found: true };
  const created = asNumber(
    await callBitrix24(context, "crm.contact.add", {
      fields: {
        NAME: name ?? input.email ?? input.phone,
        OPENED: "Y",
        ...(input.phone ? { PHONE: [{ VALUE: input.phone, VALUE_TYPE: "WORK" }] } : {}),
        ...(input.email ? { EMAIL: [{ VALUE: input.email, VALUE_TYPE: "WORK" }] } : {}),
        ...(settings.sourceId ? { SOURCE_ID: settings.sourceId } : {}),
        ...(settings.assignedById ? { ASSIGNED_BY_ID: settings.assignedById } : {}),
      },
    }),
  );
  if (created === undefined) throw new ToolRefusal("Bitrix24 did not say which contact it created.");
  return { id: created, found: false };
}

/**
 * `bitrix24_create_deal` (docs/channels.md, "Bitrix24"): a deal in the portal's CRM with the
 * customer's details. With an email or phone, the contact is found (`crm.duplicate.findbycomm`)
 * or created (`crm.contact.add`) and linked; then `crm.deal.add`. A deal rather than a lead: deals
 * exist in every CRM mode, leads only when the portal uses them. Pipeline, source and responsible
 * person come from the integration's settings (tools/deal-settings.ts).
 */
export const bitrix24CreateDealTool: IntegrationTool<Bitrix24AuthData> = {
  name: "bitrix24_create_deal",
  description:
    "Creates a deal in the company's Bitrix24 CRM for the customer in this conversation, with their contact " +
    "details (name, phone, email) and what they want, so a manager follows up. Use it once the customer has " +
    "asked to order, book or be contacted and has given a phone number or email. Returns the deal's id.",
  presentation: {
    title: { en: "Create a Bitrix24 deal", ru: "Создать сделку в Битрикс24" },
    summary: {
      en: "Adds the customer's request to Bitrix24 as a deal, with their name, phone and email as its contact.",
      ru: "Заносит запрос клиента в Битрикс24 как сделку, с его именем, телефоном и email в контакте.",
    },
    ask: askToCreateCrmRecord,
  },
  inputSchema: createDealInput,
  async execute(context, input: CreateDealInput, call: IntegrationToolCall) {
    const settings = dealSettings(context.settings);
    const name = input.name ?? call.person?.name?.trim() ?? undefined;
    let contact: { id: number; found: boolean } | undefined;
    try {
      contact = await contactFor(context, input, name || undefined, settings);
    } catch (error) {
      throw refusalOf(error, "creating the contact", "");
    }
    const contactNote = contact ? ` Contact ${contact.id} was ${contact.found ? "found" : "created"}.` : "";
    const title = input.title ?? (name ? `Request from ${name}` : "Request from a chat");
    let dealId: number | undefined;
    try {
      dealId = asNumber(
        await callBitrix24(context, "crm.deal.add", {
          fields: {
            TITLE: title,
            OPENED: "Y",
            ...(contact ? { CONTACT_ID: contact.id } : {}),
            ...(input.comment ? { COMMENTS: input.comment } : {}),
            ...(input.amount !== undefined ? { OPPORTUNITY: input.amount } : {}),
            ...(input.currency ? { CURRENCY_ID: input.currency } : {}),
            ...(settings.categoryId ? { CATEGORY_ID: settings.categoryId } : {}),
            ...(settings.sourceId ? { SOURCE_ID: settings.sourceId } : {}),
            ...(settings.assignedById ? { ASSIGNED_BY_ID: settings.assignedById } : {}),
            SOURCE_DESCRIPTION: `Parley conversation ${call.threadId}`,
          },
        }),
      );
    } catch (error) {
      throw refusalOf(error, "creating the deal", contactNote);
    }
    if (dealId === undefined)
      throw new ToolRefusal(`Bitrix24 did not say which deal it created.${contactNote}`);
    return {
      deal_id: dealId,
      title,
      contact_id: contact?.id ?? null,
      contact: contact ? (contact.found ? "existing" : "created") : "none",
    };
  },
};
