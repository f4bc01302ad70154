import { Badge, Tooltip } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../api/client";
import { useT } from "../../i18n/I18nProvider";

/** A thread's latest CSAT survey (docs/csat.md, "The API"): null when never asked nor rated. */
interface ThreadRating {
  rating: { status: "asked" | "answered" | "expired"; rating: number | null; comment: string | null } | null;
}

/**
 * The customer's rating of the conversation in the thread's header (docs/csat.md): "★ 4/5"
 * with the comment on hover, or "rating asked" while the survey waits; nothing otherwise.
 * Read again whenever the thread changes (its status, a new message).
 */
export function CsatBadge({ threadId, version }: { threadId: string; version: string }) {
  const t = useT("inbox");
  const query = useQuery({
    queryKey: ["threads", threadId, "rating", version],
    queryFn: () => api<ThreadRating>(`/threads/${encodeURIComponent(threadId)}/rating`),
  });
  const rating = query.data?.rating;
  if (!rating || rating.status === "expired") return null;
  if (rating.status === "asked") {
    return (
      <Badge variant="light" color="gray" data-testid="thread-csat">
        {t("csat.asked")}
      </Badge>
    );
  }
  const badge = (
    <Badge variant="light" color={(rating.rating ?? 0) >= 4 ? "teal" : "orange"} data-testid="thread-csat">
      {t("csat.rated", { rating: rating.rating ?? 0 })}
    </Badge>
  );
  return rating.comment ? <Tooltip label={rating.comment}>{badge}</Tooltip> : badge;
}
