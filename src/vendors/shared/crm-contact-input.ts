import { z } from "zod";

/**
 * The customer's contact fields a CRM tool takes (amoCRM's lead, Bitrix24's deal): what the
 * model heard in the conversation, each optional; the name defaults to the thread's person.
 * `what` names the record in the title's description ("lead", "deal").
 */
export function crmContactFields(what: string) {
  return {
    title: z
      .string()
      .trim()
      .min(1, "must not be empty")
      .max(255, "must be at most 255 characters")
      .optional()
      .describe(
        `A short title for the ${what}, e.g. "Order: 2 bikes, delivery to Kazan". Default: "Request from <name>".`,
      ),
    name: z
      .string()
      .trim()
      .min(1, "must not be empty")
      .max(100, "must be at most 100 characters")
      .optional()
      .describe("The customer's name. Default: the name the customer has in this conversation."),
    phone: z
      .string()
      .trim()
      .regex(/^\+?[0-9()\-\s.]{5,30}$/, "must be a phone number")
      .optional()
      .describe("The customer's phone number, as they gave it."),
    email: z
      .email("must be an email address")
      .max(254, "must be at most 254 characters")
      .optional()
      .describe("The customer's email address."),
  };
}
