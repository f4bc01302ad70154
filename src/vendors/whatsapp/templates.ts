import type { OutboundTemplate } from "../contract/channel.js";
import type { VendorContext } from "../contract/vendor-context.js";
import { graphPath, graphRequest } from "../meta/graph-request.js";
import { asArray, asId, asObject, asString } from "../meta/untrusted-json.js";
import type { WhatsappAuthData } from "./auth-data.js";
import { postWhatsappMessage } from "./send.js";

/** One template as the WhatsApp Business Account lists it (one per name and language). */
export interface WhatsappTemplateListing {
  externalId: string | null;
  name: string;
  language: string;
  category: string;
  status: string;
  /** Meta's components as listed (`{type: "BODY", text: "Hi {{1}}"}`, …). */
  components: unknown[];
}

/** Templates per page asked for; Meta's listing pages with cursors. */
const PAGE_SIZE = 100;
/** A runaway cursor stops here: far more templates than an account may have (Meta allows 250–6000). */
const MAX_PAGES = 100;
const FIELDS = "id,name,language,category,status,components";

/**
 * Every message template of the integration's WhatsApp Business Account (docs/channels.md,
 * "Templates"): `GET /<business_account_id>/message_templates?fields=…&limit=100`, following
 * `paging.cursors.after` while the answer has `paging.next` (Graph cursor paging). Needs
 * `business_account_id` in auth_data; the caller checks it is there. An entry without a name
 * or language is skipped.
 */
export async function listWhatsappTemplates(
  context: VendorContext<WhatsappAuthData>,
  businessAccountId: string,
): Promise<WhatsappTemplateListing[]> {
  const templates: WhatsappTemplateListing[] = [];
  let after: string | undefined;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const result = await graphRequest(context, {
      method: "GET",
      path: graphPath(businessAccountId, "message_templates"),
      query: { fields: FIELDS, limit: String(PAGE_SIZE), ...(after ? { after } : {}) },
    });
    for (const item of asArray(result.data)) templates.push(...listingOf(item));
    const paging = asObject(result.paging);
    after = asString(asObject(paging?.cursors)?.after);
    if (asString(paging?.next) === undefined || after === undefined) break;
  }
  return templates;
}

function listingOf(item: unknown): WhatsappTemplateListing[] {
  const entry = asObject(item);
  const name = asString(entry?.name);
  const language = asString(entry?.language);
  if (!entry || !name || !language) return [];
  return [
    {
      externalId: asId(entry.id) ?? null,
      name,
      language,
      category: asString(entry.category) ?? "UNKNOWN",
      status: asString(entry.status) ?? "UNKNOWN",
      components: asArray(entry.components),
    },
  ];
}

/**
 * A template message to a wa_id (docs/channels.md, "Templates"): `POST /<phone_number_id>/messages`
 * with `type: "template"` and `template: {name, language: {policy: "deterministic", code},
 * components}`. Allowed outside the 24-hour window. Meta refuses a template it does not know or
 * whose parameters do not match with its 132xxx codes, classified `vendor_rejected`.
 */
export async function sendWhatsappTemplate(
  context: VendorContext<WhatsappAuthData>,
  message: OutboundTemplate,
): Promise<{ externalMessageId: string | null }> {
  const { name, language, components } = message.template;
  const externalMessageId = await postWhatsappMessage(context, message.conversationId, {
    type: "template",
    template: {
      name,
      language: { policy: "deterministic", code: language },
      ...(components.length > 0 ? { components } : {}),
    },
  });
  return { externalMessageId };
}
