import { useMemo } from "react";
import { useT } from "../../i18n/I18nProvider";
import { translatedOr } from "./presentation";

/** Names of vendors and statuses in the console's language; unknown values show as the API sends them. */
export function useChannelWords() {
  const t = useT("channels");
  return useMemo(() => {
    const word = (key: string, fallback: string) => translatedOr(t(key), key, fallback);
    return {
      t,
      vendor: (vendor: string) => word(`vendors.${vendor}`, vendor),
      integrationStatus: (status: string) => word(`integrationStatus.${status}`, status),
      connectionStatus: (status: string) => word(`connectionStatus.${status}`, status),
      chatStatus: (status: string) => word(`chatStatus.${status}`, status),
    };
  }, [t]);
}
