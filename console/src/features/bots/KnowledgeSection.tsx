import { Alert, Fieldset, MultiSelect, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useErrorText } from "../../components/QueryState";
import { useT } from "../../i18n/I18nProvider";
import type { BotForm } from "./bot-form";
import { botKeys, listVectorStores } from "./bots-api";
import { MAX_VECTOR_STORES } from "./settings-form";

/** ai.knowledge.vectorStoreIds: the stores the knowledge_search tool searches. */
export function KnowledgeSection({ form }: { form: BotForm }) {
  const t = useT("bots");
  const errorText = useErrorText();
  const query = useQuery({ queryKey: botKeys.vectorStores, queryFn: listVectorStores });
  const selected = form.values.settings.ai.knowledge.vectorStoreIds;
  const stores = query.data ?? [];
  // Ids the settings name but the list does not (deleted stores, or beyond the first page).
  const data = [
    ...stores.map((store) => ({
      value: store.id,
      label: store.name ? `${store.name} (${store.id})` : store.id,
    })),
    ...selected.filter((id) => !stores.some((s) => s.id === id)).map((id) => ({ value: id, label: id })),
  ];
  const searchEnabled = Boolean(form.values.settings.ai.tools.knowledge_search);
  return (
    <Fieldset legend={t("editor.knowledge.legend")}>
      <MultiSelect
        label={t("fields.vectorStoreIds")}
        description={t("editor.knowledge.hint", { max: MAX_VECTOR_STORES })}
        placeholder={query.isPending ? t("editor.knowledge.loading") : undefined}
        data={data}
        value={selected}
        onChange={(value) => form.setFieldValue("settings.ai.knowledge.vectorStoreIds", value)}
        error={form.errors["settings.ai.knowledge.vectorStoreIds"]}
        maxValues={MAX_VECTOR_STORES}
        searchable
        clearable
        nothingFoundMessage={
          stores.length === 0 ? t("editor.knowledge.noStores") : t("editor.knowledge.nothingFound")
        }
      />
      {query.isError && (
        <Alert color="red" mt="xs" role="alert">
          <Text size="sm">{errorText(query.error)}</Text>
        </Alert>
      )}
      {selected.length > 0 && !searchEnabled && (
        <Text size="xs" c="orange.8" mt="xs">
          {t("editor.knowledge.searchOff")}
        </Text>
      )}
    </Fieldset>
  );
}
