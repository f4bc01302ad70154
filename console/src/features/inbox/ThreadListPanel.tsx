import { Alert, Button, Center, Stack } from "@mantine/core";
import { Link } from "react-router";
import { useSignedIn } from "../../auth/SessionProvider";
import { EmptyState, QueryState, useErrorText } from "../../components/QueryState";
import { useT } from "../../i18n/I18nProvider";
import { hasFilters, type InboxFilters, NO_FILTERS } from "./filters";
import classes from "./inbox.module.css";
import { StatusTabs } from "./StatusTabs";
import { ThreadFiltersBar } from "./ThreadFiltersBar";
import { ThreadRow } from "./ThreadRow";
import { useInboxLive } from "./useInboxLive";
import { useThreadList } from "./useThreadList";

export function ThreadListPanel(props: {
  filters: InboxFilters;
  onFiltersChange(filters: InboxFilters): void;
  selectedId: string | null;
}) {
  const t = useT("inbox");
  const tc = useT("common");
  const errorText = useErrorText();
  const session = useSignedIn();
  const { query, threads } = useThreadList(props.filters);
  const live = useInboxLive(props.filters, session.user.id);
  const filtered = hasFilters(props.filters);

  return (
    <Stack gap="sm" h="100%">
      <ThreadFiltersBar
        filters={props.filters}
        onChange={props.onFiltersChange}
        live={live}
        refreshing={query.isFetching && !query.isFetchingNextPage && !query.isPending}
      />
      <StatusTabs filters={props.filters} onChange={props.onFiltersChange} />
      <div className={classes.scroll}>
        <QueryState query={{ ...query, isError: query.isError && !query.data }}>
          {() =>
            threads.length === 0 ? (
              filtered ? (
                <EmptyState
                  title={t("empty.noMatches.title")}
                  hint={t("empty.noMatches.hint")}
                  action={
                    <Button
                      variant="light"
                      onClick={() => props.onFiltersChange({ ...NO_FILTERS, status: props.filters.status })}
                    >
                      {t("filters.clear")}
                    </Button>
                  }
                />
              ) : props.filters.status !== "all" ? (
                // Only this tab is empty: the others may hold conversations, so no "connect a channel".
                <EmptyState
                  title={t(`empty.noStatus.${props.filters.status}.title`)}
                  hint={t(`empty.noStatus.${props.filters.status}.hint`)}
                />
              ) : (
                <EmptyState
                  title={t("empty.noThreads.title")}
                  hint={t("empty.noThreads.hint")}
                  action={
                    session.role === "admin" ? (
                      <Button component={Link} to="/channels" variant="light">
                        {t("empty.noThreads.action")}
                      </Button>
                    ) : undefined
                  }
                />
              )
            ) : (
              <Stack gap={2} component="ul" p={0} m={0} style={{ listStyle: "none" }}>
                {threads.map((thread) => (
                  <li key={thread.id}>
                    <ThreadRow thread={thread} active={thread.id === props.selectedId} />
                  </li>
                ))}
              </Stack>
            )
          }
        </QueryState>
        {query.isFetchNextPageError ? (
          <Alert color="red" role="alert" mt="sm">
            {errorText(query.error)}
          </Alert>
        ) : null}
        {query.hasNextPage ? (
          <Center py="sm">
            <Button
              variant="subtle"
              size="xs"
              loading={query.isFetchingNextPage}
              onClick={() => query.fetchNextPage()}
            >
              {tc("actions.loadMore")}
            </Button>
          </Center>
        ) : null}
      </div>
    </Stack>
  );
}
