import { Group, Loader, Text, Tooltip } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import type { UseQueryResult } from "@tanstack/react-query";
import { useT } from "../../i18n/I18nProvider";
import type { BotSettings, CatalogModel } from "./bots-api";
import { modelAvailability } from "./model-catalog";

/**
 * A bot's model in the list. GET /v1/bots has no model, so each row reads its settings
 * (one request per bot; the bot page reuses them from the cache).
 */
export function BotModelCell(props: {
  settings: UseQueryResult<BotSettings>;
  models: readonly CatalogModel[];
}) {
  const t = useT("bots");
  if (props.settings.isPending) return <Loader size="xs" aria-label={t("list.loadingModel")} />;
  if (props.settings.isError) {
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  }
  const id = props.settings.data.ai.model.id;
  const availability = modelAvailability(props.models, id);
  return (
    <Group gap={4} wrap="nowrap">
      <Text size="sm" ff="monospace" truncate="end">
        {id}
      </Text>
      {availability !== "configured" && props.models.length > 0 && (
        <Tooltip
          label={availability === "unconfigured" ? t("models.unconfiguredShort") : t("models.notInCatalog")}
        >
          <IconAlertTriangle
            size={16}
            color="var(--mantine-color-orange-7)"
            aria-label={
              availability === "unconfigured" ? t("models.unconfiguredShort") : t("models.notInCatalog")
            }
            role="img"
          />
        </Tooltip>
      )}
    </Group>
  );
}
