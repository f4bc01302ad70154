import { Button, Group, Progress, Text } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useFormatters, useT } from "../../i18n/I18nProvider";
import { botKeys, type CatalogModel, downloadModel } from "./bots-api";
import { localModelPhase } from "./model-catalog";

/**
 * An embedded model's file (docs/local-models.md): on this server, downloading (with its
 * progress, read again while it runs), failed (with why), or to be downloaded — on the bot's
 * first reply, or now with the button.
 */
export function LocalModelStatus({ model }: { model: CatalogModel }) {
  const t = useT("bots");
  const { number } = useFormatters();
  const queryClient = useQueryClient();
  const start = useMutation({
    mutationFn: () => downloadModel(model.id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: botKeys.models }),
  });
  const state = localModelPhase(model);
  if (!state) return null;
  const size = (bytes: number | null) =>
    bytes === null ? t("models.local.sizeUnknown") : `${number(Math.round(bytes / 100_000) / 10)} MB`;
  const button = (label: string) => (
    <Button
      size="compact-xs"
      variant="light"
      loading={start.isPending}
      onClick={() => start.mutate()}
      data-testid="model-download"
    >
      {label}
    </Button>
  );
  switch (state.phase) {
    case "installed":
      return (
        <Text size="xs" c="green.8" data-testid="model-local-state" data-phase="installed">
          {t("models.local.installed", { size: size(state.bytes) })}
        </Text>
      );
    case "downloading":
      return (
        <div data-testid="model-local-state" data-phase="downloading">
          <Text size="xs">
            {state.percent === null
              ? t("models.local.downloadingUnknown", { received: size(state.received) })
              : t("models.local.downloading", {
                  percent: state.percent,
                  received: size(state.received),
                  total: size(state.total),
                })}
          </Text>
          <Progress value={state.percent ?? 100} animated={state.percent === null} size="sm" mt={4} />
        </div>
      );
    case "failed":
      return (
        <Group gap="xs" wrap="wrap" data-testid="model-local-state" data-phase="failed">
          <Text size="xs" c="red.8" style={{ overflowWrap: "anywhere" }}>
            {t("models.local.failed", { error: state.error })}
          </Text>
          {button(t("models.local.retry"))}
        </Group>
      );
    case "missing":
      return (
        <Group gap="xs" wrap="wrap" data-testid="model-local-state" data-phase="missing">
          <Text size="xs" c="dimmed">
            {t("models.local.missing", { size: size(state.bytes) })}
          </Text>
          {button(t("models.local.download"))}
        </Group>
      );
  }
}
