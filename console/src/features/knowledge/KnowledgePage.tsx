import { Anchor, Button, Stack, Table, Text, VisuallyHidden } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconPlus } from "@tabler/icons-react";
import { useInfiniteQuery } from "@tanstack/react-query";
import { Link, useNavigate } from "react-router";
import { LoadMoreButton } from "../../components/LoadMoreButton";
import { PageHeader } from "../../components/PageHeader";
import { EmptyState, QueryState } from "../../components/QueryState";
import { useFormatters, useLanguage, useT } from "../../i18n/I18nProvider";
import { knowledgeKeys, listVectorStores, type VectorStore } from "./api";
import { formatBytes, storeIsIndexing } from "./file-status";
import { StoreActionsMenu } from "./StoreActionsMenu";
import { StoreNameModal } from "./StoreNameModal";
import { FileCountsText, StoreStatusBadge } from "./StoreStatusBadge";

const POLL_MS = 3000;

/** /knowledge: the project's vector stores; create one, then add files to it. */
export function KnowledgePage() {
  const t = useT("knowledge");
  const _common = useT("common");
  const navigate = useNavigate();
  const [creating, create] = useDisclosure();
  const query = useInfiniteQuery({
    queryKey: knowledgeKeys.stores,
    queryFn: ({ pageParam }) => listVectorStores(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.has_more ? last.last_id : undefined),
    refetchInterval: (q) =>
      q.state.data?.pages.some((page) => page.data.some(storeIsIndexing)) ? POLL_MS : false,
  });
  const stores = query.data?.pages.flatMap((page) => page.data) ?? [];

  const createButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={create.open} data-testid="create-store-button">
      {t("stores.create")}
    </Button>
  );

  return (
    <Stack>
      <PageHeader
        title={t("stores.title")}
        intro={t("stores.intro")}
        action={stores.length > 0 ? createButton : null}
      />
      <QueryState query={query}>
        {() =>
          stores.length === 0 ? (
            <EmptyState title={t("stores.emptyTitle")} hint={t("stores.emptyHint")} action={createButton} />
          ) : (
            <>
              <StoresTable stores={stores} />
              <LoadMoreButton query={query} />
            </>
          )
        }
      </QueryState>
      <StoreNameModal
        opened={creating}
        onClose={create.close}
        onCreated={(store) => navigate(`/knowledge/${store.id}`)}
      />
    </Stack>
  );
}

function StoresTable({ stores }: { stores: VectorStore[] }) {
  const t = useT("knowledge");
  const { language } = useLanguage();
  const { dateTime } = useFormatters();
  return (
    <Table.ScrollContainer minWidth={340}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("stores.name")}</Table.Th>
            <Table.Th>{t("stores.status")}</Table.Th>
            <Table.Th visibleFrom="sm">{t("stores.files")}</Table.Th>
            <Table.Th visibleFrom="md">{t("stores.size")}</Table.Th>
            <Table.Th visibleFrom="md">{t("stores.created")}</Table.Th>
            <Table.Th w={48}>
              <VisuallyHidden>{t("stores.actions")}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {stores.map((store) => {
            const name = store.name?.trim() || t("stores.untitled");
            return (
              <Table.Tr key={store.id} data-testid="store-row">
                <Table.Td style={{ overflowWrap: "anywhere" }}>
                  <Anchor component={Link} to={`/knowledge/${store.id}`} fw={500}>
                    {name}
                  </Anchor>
                  <Text size="xs" c="dimmed" hiddenFrom="sm">
                    {t("counts.files", { n: store.file_counts.total })}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <StoreStatusBadge status={store.status} />
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <FileCountsText counts={store.file_counts} />
                </Table.Td>
                <Table.Td visibleFrom="md">
                  <Text size="sm">{formatBytes(store.usage_bytes, language)}</Text>
                </Table.Td>
                <Table.Td visibleFrom="md">
                  <Text size="sm">{dateTime(store.created_at)}</Text>
                </Table.Td>
                <Table.Td>
                  <StoreActionsMenu store={store} name={name} compact />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
