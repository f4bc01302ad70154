import { Anchor, Divider, Group, Stack, Text, Title } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { Link, useNavigate, useParams } from "react-router";
import { QueryState } from "../../components/QueryState";
import { useFormatters, useLanguage, useT } from "../../i18n/I18nProvider";
import { getVectorStore, knowledgeKeys, type VectorStore } from "./api";
import { formatBytes, storeIsIndexing } from "./file-status";
import { StoreActionsMenu } from "./StoreActionsMenu";
import { StoreFilesTable } from "./StoreFilesTable";
import { StoreSearch } from "./StoreSearch";
import { FileCountsText, StoreStatusBadge } from "./StoreStatusBadge";
import { UploadPanel } from "./UploadPanel";

const POLL_MS = 2000;

/** /knowledge/:storeId: the store's files (upload, status, remove) and a search to try it. */
export function VectorStorePage() {
  const t = useT("knowledge");
  const { storeId = "" } = useParams();
  const query = useQuery({
    queryKey: knowledgeKeys.store(storeId),
    queryFn: () => getVectorStore(storeId),
    refetchInterval: (q) => (q.state.data && storeIsIndexing(q.state.data) ? POLL_MS : false),
  });
  return (
    <Stack>
      <Anchor component={Link} to="/knowledge" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} />
          {t("stores.title")}
        </Group>
      </Anchor>
      <QueryState query={query}>
        {(store) => (
          <>
            <StoreHeader store={store} />
            <Divider />
            <Title order={3}>{t("files.title")}</Title>
            <UploadPanel storeId={store.id} />
            <StoreFilesTable storeId={store.id} />
            <Divider />
            <StoreSearch storeId={store.id} />
          </>
        )}
      </QueryState>
    </Stack>
  );
}

function StoreHeader({ store }: { store: VectorStore }) {
  const t = useT("knowledge");
  const { language } = useLanguage();
  const { dateTime } = useFormatters();
  const navigate = useNavigate();
  const name = store.name?.trim() || t("stores.untitled");
  return (
    <Group justify="space-between" align="flex-start">
      <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
        <Title order={2} style={{ overflowWrap: "anywhere" }}>
          {name}
        </Title>
        <Group gap="sm">
          <StoreStatusBadge status={store.status} />
          <FileCountsText counts={store.file_counts} />
          <Text size="sm" c="dimmed">
            · {formatBytes(store.usage_bytes, language)}
          </Text>
        </Group>
        <Text size="xs" c="dimmed">
          {t("store.meta", { id: store.id, created: dateTime(store.created_at) })}
        </Text>
      </Stack>
      <StoreActionsMenu
        store={store}
        name={name}
        onDeleted={() => navigate("/knowledge", { replace: true })}
      />
    </Group>
  );
}
