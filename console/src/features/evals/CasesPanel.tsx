import { ActionIcon, Badge, Button, Group, Stack, Table, Text, Title, VisuallyHidden } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconPencil, IconPlus, IconTrash } from "@tabler/icons-react";
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ConfirmModal } from "../../components/ConfirmModal";
import { LoadMoreButton } from "../../components/LoadMoreButton";
import { EmptyState, QueryState } from "../../components/QueryState";
import { useT } from "../../i18n/I18nProvider";
import { deleteCase, type EvalCase, evalKeys, listCases } from "./api";
import { CaseEditor } from "./CaseEditor";
import { caseGist } from "./case-form";

/** The bot's test cases: what each asks, how many expectations, where it came from. */
export function CasesPanel({ botId }: { botId: string }) {
  const t = useT("evals");
  const common = useT("common");
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<EvalCase | "new" | null>(null);
  const [deleting, setDeleting] = useState<EvalCase | null>(null);
  const query = useInfiniteQuery({
    queryKey: evalKeys.cases(botId),
    queryFn: ({ pageParam }) => listCases(botId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
  const cases = query.data?.pages.flatMap((page) => page.data) ?? [];
  const remove = useMutation({
    mutationFn: (evalCase: EvalCase) => deleteCase(botId, evalCase.id),
    onSuccess: (_, evalCase) => {
      void queryClient.invalidateQueries({ queryKey: evalKeys.cases(botId) });
      setDeleting(null);
      notifications.show({ color: "green", message: t("cases.deleted", { name: evalCase.name }) });
    },
  });

  const newButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing("new")} data-testid="new-case">
      {t("cases.new")}
    </Button>
  );

  return (
    <Stack gap="sm" data-testid="cases-panel">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Title order={4}>{t("cases.title", { n: cases.length })}</Title>
        {cases.length > 0 ? newButton : null}
      </Group>
      <QueryState query={query}>
        {() =>
          cases.length === 0 ? (
            <EmptyState title={t("cases.emptyTitle")} hint={t("cases.emptyHint")} action={newButton} />
          ) : (
            <Table verticalSpacing="xs" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("cases.name")}</Table.Th>
                  <Table.Th visibleFrom="sm">{t("cases.asks")}</Table.Th>
                  <Table.Th visibleFrom="md">{t("cases.expectations")}</Table.Th>
                  <Table.Th visibleFrom="md">{t("cases.source")}</Table.Th>
                  <Table.Th w={80}>
                    <VisuallyHidden>{t("cases.actions")}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {cases.map((evalCase) => (
                  <Table.Tr key={evalCase.id} data-testid="case-row" data-case-id={evalCase.id}>
                    <Table.Td style={{ maxWidth: 260 }}>
                      <Stack gap={0}>
                        <Text size="sm" fw={500} style={{ overflowWrap: "anywhere" }}>
                          {evalCase.name}
                        </Text>
                        <Text size="xs" c="dimmed" hiddenFrom="sm" style={{ overflowWrap: "anywhere" }}>
                          {caseGist(evalCase)}
                        </Text>
                      </Stack>
                    </Table.Td>
                    <Table.Td visibleFrom="sm" style={{ maxWidth: 360 }}>
                      <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                        {caseGist(evalCase)}
                      </Text>
                    </Table.Td>
                    <Table.Td visibleFrom="md">
                      <Text size="sm">
                        {evalCase.expectations.map((e) => t(`expectation.${e.type}`)).join(", ")}
                      </Text>
                    </Table.Td>
                    <Table.Td visibleFrom="md">
                      <Badge variant="light" color="gray">
                        {t(`cases.sourceType.${evalCase.source.type}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={2} wrap="nowrap">
                        <ActionIcon
                          variant="subtle"
                          aria-label={t("cases.edit", { name: evalCase.name })}
                          onClick={() => setEditing(evalCase)}
                          data-testid="edit-case"
                        >
                          <IconPencil size={16} />
                        </ActionIcon>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t("cases.delete", { name: evalCase.name })}
                          onClick={() => {
                            remove.reset();
                            setDeleting(evalCase);
                          }}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )
        }
      </QueryState>
      <LoadMoreButton query={query} />
      <CaseEditor botId={botId} editing={editing} onClose={() => setEditing(null)} />
      <ConfirmModal
        opened={deleting !== null}
        title={t("cases.deleteTitle")}
        confirmLabel={common("actions.delete")}
        loading={remove.isPending}
        error={remove.error}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onClose={() => setDeleting(null)}
      >
        {t("cases.deleteBody", { name: deleting?.name ?? "" })}
      </ConfirmModal>
    </Stack>
  );
}
