import { ActionIcon, Badge, Group, Loader, Stack, Table, Text, Tooltip, VisuallyHidden } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconTrash } from "@tabler/icons-react";
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ConfirmModal } from "../../components/ConfirmModal";
import { LoadMoreButton } from "../../components/LoadMoreButton";
import { EmptyState, QueryState } from "../../components/QueryState";
import { useFormatters, useLanguage, useT } from "../../i18n/I18nProvider";
import { knowledgeKeys, listVectorStoreFiles, removeFileFromStore, type VectorStoreFile } from "./api";
import { fileStatusColor, formatBytes, hasFilesInProgress } from "./file-status";

const POLL_MS = 2000;

/** The store's files with their ingestion status; polls while any is still being processed. */
export function StoreFilesTable({ storeId }: { storeId: string }) {
  const t = useT("knowledge");
  const _common = useT("common");
  const queryClient = useQueryClient();
  const [removing, setRemoving] = useState<VectorStoreFile | null>(null);
  const query = useInfiniteQuery({
    queryKey: knowledgeKeys.files(storeId),
    queryFn: ({ pageParam }) => listVectorStoreFiles(storeId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.has_more ? last.last_id : undefined),
    refetchInterval: (q) =>
      hasFilesInProgress(q.state.data?.pages.flatMap((p) => p.data) ?? []) ? POLL_MS : false,
  });
  const files = query.data?.pages.flatMap((page) => page.data) ?? [];

  const remove = useMutation({
    mutationFn: (file: VectorStoreFile) => removeFileFromStore(storeId, file.id),
    onSuccess: async () => {
      setRemoving(null);
      notifications.show({ color: "green", message: t("files.removed") });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: knowledgeKeys.store(storeId) }),
        queryClient.invalidateQueries({ queryKey: knowledgeKeys.stores, exact: true }),
      ]);
    },
  });

  return (
    <Stack>
      <QueryState query={query}>
        {() =>
          files.length === 0 ? (
            <EmptyState title={t("files.emptyTitle")} hint={t("files.emptyHint")} />
          ) : (
            <>
              <FilesTable files={files} onRemove={setRemoving} />
              <LoadMoreButton query={query} />
            </>
          )
        }
      </QueryState>
      <ConfirmModal
        opened={removing !== null}
        title={t("files.removeTitle")}
        confirmLabel={t("files.remove")}
        onConfirm={() => removing && remove.mutate(removing)}
        onClose={() => {
          remove.reset();
          setRemoving(null);
        }}
        loading={remove.isPending}
        error={remove.error}
      >
        {t("files.removeConfirm", { name: removing?.filename ?? "" })}
      </ConfirmModal>
    </Stack>
  );
}

function FilesTable({
  files,
  onRemove,
}: {
  files: VectorStoreFile[];
  onRemove(file: VectorStoreFile): void;
}) {
  const t = useT("knowledge");
  const { language } = useLanguage();
  const { dateTime } = useFormatters();
  return (
    <Table.ScrollContainer minWidth={340}>
      <Table verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("files.name")}</Table.Th>
            <Table.Th>{t("files.status")}</Table.Th>
            <Table.Th visibleFrom="sm">{t("files.size")}</Table.Th>
            <Table.Th visibleFrom="md">{t("files.added")}</Table.Th>
            <Table.Th w={48}>
              <VisuallyHidden>{t("stores.actions")}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {files.map((file) => (
            <Table.Tr key={file.id} data-testid="file-row">
              <Table.Td style={{ overflowWrap: "anywhere" }}>
                <Text size="sm" fw={500}>
                  {file.filename}
                </Text>
                {file.status === "error" && file.last_error ? (
                  <Text size="xs" c="red" role="note">
                    {file.last_error.message}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <Badge
                    color={fileStatusColor(file.status)}
                    variant="light"
                    styles={{ label: { overflow: "visible" } }}
                  >
                    {t(`fileStatus.${file.status}`)}
                  </Badge>
                  {file.status === "pending" ? <Loader size={12} aria-hidden /> : null}
                </Group>
              </Table.Td>
              <Table.Td visibleFrom="sm">
                <Text size="sm">
                  {file.status === "processed" ? formatBytes(file.usage_bytes, language) : "—"}
                </Text>
              </Table.Td>
              <Table.Td visibleFrom="md">
                <Text size="sm">{dateTime(file.created_at)}</Text>
              </Table.Td>
              <Table.Td>
                <Tooltip label={t("files.remove")} withArrow>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    onClick={() => onRemove(file)}
                    aria-label={t("files.removeLabel", { name: file.filename })}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
