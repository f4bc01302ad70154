import { Button } from "@mantine/core";
import { useT } from "../i18n/I18nProvider";

/** The next page of a paged list (react-query's infinite queries); nothing when there is none. */
export function LoadMoreButton({
  query,
}: {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
}) {
  const common = useT("common");
  if (!query.hasNextPage) return null;
  return (
    <Button
      variant="default"
      onClick={() => query.fetchNextPage()}
      loading={query.isFetchingNextPage}
      style={{ alignSelf: "center" }}
    >
      {common("actions.loadMore")}
    </Button>
  );
}
