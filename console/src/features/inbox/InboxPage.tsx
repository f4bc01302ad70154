import { useCallback, useMemo } from "react";
import { useParams, useSearchParams } from "react-router";
import { EmptyState } from "../../components/QueryState";
import { useT } from "../../i18n/I18nProvider";
import { OperatorScreen } from "../screen/OperatorScreen";
import { filtersFromParams, filtersToParams, type InboxFilters } from "./filters";
import classes from "./inbox.module.css";
import { ThreadListPanel } from "./ThreadListPanel";
import { ThreadView } from "./ThreadView";

/**
 * The operators' inbox (routes /inbox and /inbox/:threadId): the thread list on the left, the
 * open thread on the right; on a phone the list, or the open thread over it. Filters live in
 * the query string, so a reload keeps them and a thread link carries them.
 */
export function InboxPage() {
  const t = useT("inbox");
  const { threadId } = useParams();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const setFilters = useCallback(
    (next: InboxFilters) => setParams((current) => filtersToParams(next, current), { replace: true }),
    [setParams],
  );
  const search = params.toString();

  return (
    <div className={classes.inbox} data-thread-open={threadId ? "true" : "false"}>
      <section className={classes.listColumn} aria-label={t("list.label")}>
        <OperatorScreen filters={filters} threadId={threadId ?? null} search={search} />
        <ThreadListPanel filters={filters} onFiltersChange={setFilters} selectedId={threadId ?? null} />
      </section>
      <section className={classes.viewColumn} aria-label={t("thread.label")}>
        {threadId ? (
          <ThreadView key={threadId} threadId={threadId} backSearch={search} />
        ) : (
          <EmptyState title={t("empty.noSelection.title")} hint={t("empty.noSelection.hint")} />
        )}
      </section>
    </div>
  );
}
