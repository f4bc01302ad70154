import { Anchor, Badge, Group, Pagination, Stack, Table, Text, Title } from "@mantine/core";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { EmptyState, QueryState } from "../../components/QueryState";
import { useFormatters, useLanguage, useT } from "../../i18n/I18nProvider";
import { billingKeys, listTransactions, type Transaction } from "./api";
import { balanceTotal, formatCredits, pageCount, transactionColor, transactionThreadId } from "./money";
import { transactionText } from "./transaction-text";

const PAGE_SIZE = 20;

/** Every change of the balance, newest first, a page at a time (offset paging with a total). */
export function TransactionsSection() {
  const t = useT("billing");
  const [page, setPage] = useState(1);
  const offset = (page - 1) * PAGE_SIZE;
  const query = useQuery({
    queryKey: billingKeys.transactions(offset, PAGE_SIZE),
    queryFn: () => listTransactions(offset, PAGE_SIZE),
    // The previous page stays on screen while the next loads: no jump.
    placeholderData: keepPreviousData,
  });
  return (
    <Stack component="section" aria-labelledby="billing-transactions">
      <Title order={3} id="billing-transactions">
        {t("transactions.title")}
      </Title>
      <QueryState query={query}>
        {(result) =>
          result.total === 0 ? (
            <EmptyState title={t("transactions.emptyTitle")} hint={t("transactions.emptyHint")} />
          ) : (
            <>
              <TransactionsTable transactions={result.data} dimmed={query.isPlaceholderData} />
              <Group justify="space-between">
                <Text size="sm" c="dimmed">
                  {t("transactions.count", { n: result.total })}
                </Text>
                {result.total > PAGE_SIZE ? (
                  <Pagination
                    total={pageCount(result.total, PAGE_SIZE)}
                    value={page}
                    onChange={setPage}
                    size="sm"
                    siblings={1}
                    getControlProps={(control) => ({ "aria-label": t(`transactions.pager.${control}`) })}
                    getItemProps={(n) => ({ "aria-label": t("transactions.pager.page", { n }) })}
                  />
                ) : null}
              </Group>
            </>
          )
        }
      </QueryState>
    </Stack>
  );
}

function TransactionsTable({ transactions, dimmed }: { transactions: Transaction[]; dimmed: boolean }) {
  const t = useT("billing");
  const { language } = useLanguage();
  const { dateTime, number } = useFormatters();
  return (
    <Table.ScrollContainer minWidth={340}>
      <Table verticalSpacing="xs" style={{ opacity: dimmed ? 0.6 : 1 }} aria-busy={dimmed}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("transactions.time")}</Table.Th>
            <Table.Th visibleFrom="sm">{t("transactions.type")}</Table.Th>
            <Table.Th>{t("transactions.description")}</Table.Th>
            <Table.Th ta="right">{t("transactions.amount")}</Table.Th>
            <Table.Th ta="right" visibleFrom="md">
              {t("transactions.balanceAfter")}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {transactions.map((transaction) => {
            const threadId = transactionThreadId(transaction.details);
            const text = transactionText(transaction, t, number);
            return (
              <Table.Tr key={transaction.id} data-testid="transaction-row">
                <Table.Td>
                  <Text size="sm">{dateTime(transaction.created_at)}</Text>
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <Badge
                    color={transactionColor(transaction.type)}
                    variant="light"
                    styles={{ label: { overflow: "visible" } }}
                  >
                    {t(`transactions.types.${transaction.type}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" style={{ overflowWrap: "anywhere" }} data-testid="transaction-text">
                    {text.text}
                  </Text>
                  {text.note ? (
                    <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                      {text.note}
                    </Text>
                  ) : null}
                  {threadId ? (
                    <Anchor component={Link} to={`/inbox/${threadId}`} size="xs">
                      {t("transactions.openThread")}
                    </Anchor>
                  ) : null}
                </Table.Td>
                <Table.Td ta="right">
                  <Text
                    size="sm"
                    fw={500}
                    c={transaction.amount < 0 ? undefined : "green"}
                    ff="monospace"
                    data-testid="transaction-amount"
                  >
                    {formatCredits(transaction.amount, language, true)}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" visibleFrom="md">
                  <Text size="sm" ff="monospace">
                    {formatCredits(balanceTotal(transaction.balance_after), language)}
                  </Text>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
