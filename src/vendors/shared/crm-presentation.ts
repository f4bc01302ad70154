import { type Language, quote, type ToolArgs, textArg } from "../../tools/tool-presentation.js";

/**
 * The action a CRM tool's `user_approve` question names (amoCRM's lead, Bitrix24's deal):
 * the record with its title, and which of the person's contact details go in —
 * "create a request in our CRM “2 bikes” with your name, phone and email".
 */
export function askToCreateCrmRecord(args: ToolArgs, language: Language): string {
  const title = textArg(args, "title");
  const named = title ? ` ${quote(title, language, 80)}` : "";
  const details = (
    [
      ["name", "name", "имя"],
      ["phone", "phone", "телефон"],
      ["email", "email", "email"],
    ] as const
  )
    .filter(([key]) => textArg(args, key) !== undefined)
    .map(([, en, ru]) => (language === "ru" ? ru : en));
  if (language === "ru") {
    const withDetails = details.length > 0 ? ` с вашими данными (${details.join(", ")})` : "";
    return `создать заявку в нашей CRM${named}${withDetails}`;
  }
  const withDetails = details.length > 0 ? ` with your ${listed(details)}` : "";
  return `create a request in our CRM${named}${withDetails}`;
}

function listed(items: readonly string[]): string {
  if (items.length < 2) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}
