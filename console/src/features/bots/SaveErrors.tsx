import { Alert, List, Text } from "@mantine/core";
import type { ApiErrorDetail } from "../../api/client";
import { useT } from "../../i18n/I18nProvider";

/** Errors of a save that have no field on screen: "path: message" per line, plus a general one. */
export function SaveErrors(props: { general: string | null; details: readonly ApiErrorDetail[] }) {
  const t = useT("bots");
  if (!props.general && props.details.length === 0) return null;
  return (
    <Alert color="red" title={t("editor.saveFailed")} role="alert">
      {props.general && <Text size="sm">{props.general}</Text>}
      {props.details.length > 0 && (
        <List size="sm" spacing={2} mt={props.general ? "xs" : 0}>
          {props.details.map((detail) => (
            <List.Item key={`${detail.path}:${detail.message}`}>
              <Text span size="sm" ff="monospace">
                {detail.path}
              </Text>
              : {detail.message}
            </List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}
