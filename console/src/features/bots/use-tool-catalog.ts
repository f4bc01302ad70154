import { useQuery } from "@tanstack/react-query";
import { useLanguage } from "../../i18n/I18nProvider";
import { botKeys, listTools } from "./bots-api";

/** GET /v1/tools in the console's language: titles and summaries for people, per tool. */
export function useToolCatalog() {
  const { language } = useLanguage();
  return useQuery({
    queryKey: botKeys.tools(language),
    queryFn: () => listTools(language),
    staleTime: 5 * 60_000,
  });
}
