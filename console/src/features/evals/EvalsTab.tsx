import { Stack, Text } from "@mantine/core";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useNavigate, useSearchParams } from "react-router";
import { useT } from "../../i18n/I18nProvider";
import type { Bot, CatalogModel } from "../bots/bots-api";
import type { Draft } from "../versions/api";
import { evalKeys, listCases } from "./api";
import { CasesPanel } from "./CasesPanel";
import { CompareView } from "./CompareView";
import { RunDetail } from "./RunDetail";
import { RunForm } from "./RunForm";
import { compareLink, RunsTable, runLink } from "./RunsTable";

/**
 * The bot's evaluations (docs/quality.md, "Versions and evaluations in the console"): run the
 * cases, the runs, the cases. `?run=` opens a run, `?base=&head=` two runs side by side, so
 * both can be linked to.
 */
export function EvalsTab(props: { bot: Bot; draft: Draft; models: readonly CatalogModel[] }) {
  const t = useT("evals");
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const runId = params.get("run");
  const base = params.get("base");
  const head = params.get("head");
  // Shares its cache with the cases list: whether there is anything to run.
  const cases = useInfiniteQuery({
    queryKey: evalKeys.cases(props.bot.id),
    queryFn: ({ pageParam }) => listCases(props.bot.id, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
  const hasCases = (cases.data?.pages[0]?.data.length ?? 0) > 0;

  if (runId) return <RunDetail botId={props.bot.id} runId={runId} />;
  if (base && head) return <CompareView botId={props.bot.id} base={base} head={head} />;
  return (
    <Stack gap="lg" data-testid="evals-tab">
      <Text size="sm" c="dimmed" maw={640}>
        {t("intro")}
      </Text>
      <RunForm
        bot={props.bot}
        draft={props.draft}
        models={props.models}
        hasCases={hasCases}
        onStarted={(run) => void navigate(runLink(run.id))}
      />
      <RunsTable botId={props.bot.id} onCompare={(b, h) => void navigate(compareLink(b.id, h.id))} />
      <CasesPanel botId={props.bot.id} />
    </Stack>
  );
}
