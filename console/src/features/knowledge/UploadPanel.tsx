import { Button, CloseButton, FileButton, Group, Paper, Progress, Stack, Text } from "@mantine/core";
import { IconUpload } from "@tabler/icons-react";
import { useLanguage, useT } from "../../i18n/I18nProvider";
import { formatBytes } from "./file-status";
import { overallProgress, type UploadItem, uploadPercent } from "./upload-queue";
import { useStoreUploads } from "./useStoreUploads";

/** "Upload files" and the progress of each upload. */
export function UploadPanel({ storeId }: { storeId: string }) {
  const t = useT("knowledge");
  const { uploads, start, cancel, dismiss } = useStoreUploads(storeId);
  const overall = overallProgress(uploads);
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="center">
        <Text size="sm" c="dimmed" maw={560}>
          {t("upload.hint")}
        </Text>
        <FileButton
          multiple
          onChange={(files) => files.length > 0 && start(files)}
          inputProps={{ "data-testid": "upload-input" } as React.ComponentProps<"input">}
        >
          {(props) => (
            <Button {...props} leftSection={<IconUpload size={16} />}>
              {t("upload.button")}
            </Button>
          )}
        </FileButton>
      </Group>
      {overall && overall.active > 1 ? (
        <Text size="sm">{t("upload.overall", { n: overall.active, percent: overall.percent })}</Text>
      ) : null}
      {uploads.length > 0 ? (
        <Stack gap="xs">
          {uploads.map((item) => (
            <UploadRow
              key={item.id}
              item={item}
              onCancel={() => cancel(item.id)}
              onDismiss={() => dismiss(item.id)}
            />
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}

function UploadRow(props: { item: UploadItem; onCancel(): void; onDismiss(): void }) {
  const t = useT("knowledge");
  const { language } = useLanguage();
  const { item } = props;
  const percent = uploadPercent(item);
  const color =
    item.phase === "failed"
      ? "red"
      : item.phase === "cancelled"
        ? "gray"
        : item.phase === "done"
          ? "green"
          : "blue";
  return (
    <Paper withBorder p="xs">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" fw={500} truncate="end" style={{ minWidth: 0, flex: 1 }}>
          {item.name}
        </Text>
        <Text size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
          {formatBytes(item.size, language)}
        </Text>
        {item.phase === "uploading" ? (
          <Button size="compact-xs" variant="subtle" color="gray" onClick={props.onCancel}>
            {t("upload.cancel")}
          </Button>
        ) : item.phase !== "attaching" ? (
          <CloseButton
            size="sm"
            onClick={props.onDismiss}
            aria-label={t("upload.dismiss", { name: item.name })}
          />
        ) : null}
      </Group>
      <Progress
        value={percent}
        color={color}
        striped={item.phase === "attaching"}
        animated={item.phase === "attaching"}
        mt={6}
        size="sm"
        aria-label={t("upload.progressLabel", { name: item.name })}
        data-testid="upload-progress"
      />
      <Text size="xs" c={item.phase === "failed" ? "red" : "dimmed"} mt={4}>
        {item.phase === "uploading"
          ? t("upload.uploading", { percent })
          : item.phase === "failed"
            ? t("upload.failed", { error: item.error ?? "" })
            : t(`upload.${item.phase}`)}
      </Text>
    </Paper>
  );
}
