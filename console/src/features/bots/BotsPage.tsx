import { Button, Stack } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useSignedIn } from "../../auth/SessionProvider";
import { PageHeader } from "../../components/PageHeader";
import { EmptyState, QueryState } from "../../components/QueryState";
import { useT } from "../../i18n/I18nProvider";
import { BotsTable } from "./BotsTable";
import { type Bot, botKeys, listBots, listModels } from "./bots-api";
import { CreateBotModal } from "./CreateBotModal";
import { DeleteBotModal } from "./DeleteBotModal";
import { ModelCatalog } from "./ModelCatalog";
import { catalogRefetchInterval } from "./model-catalog";

/** /bots: the project's bots (create, clone, disable/enable, delete) and the model catalog. */
export function BotsPage() {
  const t = useT("bots");
  const session = useSignedIn();
  const canManage = session.role === "admin";
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Bot | null>(null);
  const bots = useQuery({ queryKey: botKeys.all, queryFn: listBots });
  const models = useQuery({
    queryKey: botKeys.models,
    queryFn: listModels,
    staleTime: 5 * 60_000,
    refetchInterval: (query) => catalogRefetchInterval(query.state.data),
  });

  // The header's button is the stable handle for tests; the empty state repeats it without one.
  const createButton = (testId?: string) =>
    canManage && (
      <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)} data-testid={testId}>
        {t("list.create")}
      </Button>
    );

  return (
    <Stack gap="xl">
      <Stack gap="md">
        <PageHeader
          title={t("list.title")}
          intro={t("list.hint")}
          action={createButton("create-bot-button")}
        />
        <QueryState query={bots}>
          {(list) =>
            list.length === 0 ? (
              <EmptyState
                title={t("list.emptyTitle")}
                hint={canManage ? t("list.emptyHint") : t("list.emptyHintOperator")}
                action={createButton()}
              />
            ) : (
              <BotsTable
                bots={list}
                models={models.data ?? []}
                canManage={canManage}
                onDelete={setDeleting}
              />
            )
          }
        </QueryState>
      </Stack>
      <QueryState query={models}>{(catalog) => <ModelCatalog models={catalog} />}</QueryState>
      <CreateBotModal opened={creating} onClose={() => setCreating(false)} />
      <DeleteBotModal bot={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}
