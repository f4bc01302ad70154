import { Button, Code, Stack, Table, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconPlus, IconSearch } from "@tabler/icons-react";
import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { useState } from "react";
import { LoadMoreButton } from "../../components/LoadMoreButton";
import { PageHeader } from "../../components/PageHeader";
import { EmptyState, QueryState } from "../../components/QueryState";
import { useFormatters, useT } from "../../i18n/I18nProvider";
import { type CannedResponse, cannedKeys, listCannedResponses } from "./api";
import { CannedResponseDrawer } from "./CannedResponseDrawer";

/** /canned: the team's ready answers, searched, written and changed in a drawer. */
export function CannedResponsesPage() {
  const t = useT("canned");
  const [search, setSearch] = useState("");
  const [q] = useDebouncedValue(search.trim(), 250);
  const [editing, setEditing] = useState<CannedResponse | "new" | null>(null);
  const query = useInfiniteQuery({
    queryKey: cannedKeys.list(q),
    queryFn: ({ pageParam }) => listCannedResponses(q, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    placeholderData: keepPreviousData,
  });
  const rows = query.data?.pages.flatMap((page) => page.data);

  const createButton = (
    <Button
      leftSection={<IconPlus size={16} />}
      onClick={() => setEditing("new")}
      data-testid="create-canned"
    >
      {t("list.create")}
    </Button>
  );

  return (
    <Stack>
      <PageHeader title={t("list.title")} intro={t("list.intro")} action={createButton} />
      <TextInput
        leftSection={<IconSearch size={16} aria-hidden />}
        placeholder={t("list.search")}
        aria-label={t("list.search")}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        maxLength={200}
        maw={420}
        data-testid="canned-search"
      />
      <QueryState query={{ ...query, data: rows }}>
        {(responses) =>
          responses.length === 0 ? (
            q ? (
              <Text c="dimmed">{t("list.noMatch", { q })}</Text>
            ) : (
              <EmptyState title={t("list.emptyTitle")} hint={t("list.emptyHint")} />
            )
          ) : (
            <Stack>
              <CannedTable responses={responses} onOpen={setEditing} />
              <LoadMoreButton query={query} />
            </Stack>
          )
        }
      </QueryState>
      <CannedResponseDrawer editing={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}

function CannedTable(props: { responses: CannedResponse[]; onOpen(response: CannedResponse): void }) {
  const t = useT("canned");
  const { dateTime } = useFormatters();
  return (
    <Table.ScrollContainer minWidth={340}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("list.code")}</Table.Th>
            <Table.Th>{t("list.titleColumn")}</Table.Th>
            <Table.Th visibleFrom="sm">{t("list.content")}</Table.Th>
            <Table.Th visibleFrom="md">{t("list.updated")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.responses.map((response) => (
            <Table.Tr
              key={response.id}
              data-testid="canned-row"
              style={{ cursor: "pointer" }}
              tabIndex={0}
              onClick={() => props.onOpen(response)}
              onKeyDown={(event) => {
                if (event.key === "Enter" || event.key === " ") {
                  event.preventDefault();
                  props.onOpen(response);
                }
              }}
            >
              <Table.Td>
                <Code>/{response.short_code}</Code>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{response.title ?? "—"}</Text>
              </Table.Td>
              <Table.Td visibleFrom="sm" maw={420}>
                <Text size="sm" c="dimmed" lineClamp={2} style={{ whiteSpace: "pre-wrap" }}>
                  {response.content}
                </Text>
              </Table.Td>
              <Table.Td visibleFrom="md">
                <Text size="sm">{dateTime(response.updated_at)}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
