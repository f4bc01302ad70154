import { Alert, Badge, Button, Group, Paper, Spoiler, Stack, Text, TextInput, Title } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useErrorText } from "../../components/QueryState";
import { useT } from "../../i18n/I18nProvider";
import { searchVectorStore } from "./api";
import { formatScore, resultText } from "./file-status";

/** Try the store as a bot would: ranked passages with their score and source file. */
export function StoreSearch({ storeId }: { storeId: string }) {
  const t = useT("knowledge");
  const errorText = useErrorText();
  const [query, setQuery] = useState("");
  const search = useMutation({ mutationFn: (text: string) => searchVectorStore(storeId, text) });
  return (
    <Stack component="section" aria-labelledby="knowledge-search">
      <Title order={3} id="knowledge-search">
        {t("search.title")}
      </Title>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (query.trim()) search.mutate(query.trim());
        }}
      >
        <Group align="flex-end" wrap="nowrap" gap="xs">
          <TextInput
            label={t("search.label")}
            placeholder={t("search.placeholder")}
            value={query}
            onChange={(event) => setQuery(event.currentTarget.value)}
            maxLength={4000}
            style={{ flex: 1 }}
            data-testid="knowledge-search-input"
          />
          <Button
            type="submit"
            leftSection={<IconSearch size={16} />}
            loading={search.isPending}
            disabled={!query.trim()}
          >
            {t("search.button")}
          </Button>
        </Group>
      </form>
      {search.isError ? (
        <Alert color="red" role="alert">
          {errorText(search.error)}
        </Alert>
      ) : null}
      {search.data ? (
        search.data.data.length === 0 ? (
          <Text c="dimmed" size="sm" role="status">
            {t("search.noResults")}
          </Text>
        ) : (
          <Stack gap="sm" aria-live="polite">
            <Text size="sm" c="dimmed">
              {t("search.count", { n: search.data.data.length })}
            </Text>
            {search.data.data.map((result, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a search replaces the whole list, and a file may give several passages: the rank is the identity.
              <Paper key={`${result.file_id}-${index}`} withBorder p="sm" data-testid="search-result">
                <Group justify="space-between" wrap="nowrap" mb={6}>
                  <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                    <Text size="sm" fw={700} c="dimmed" style={{ flexShrink: 0 }}>
                      {t("search.rank", { n: index + 1 })}
                    </Text>
                    <Text size="sm" fw={500} truncate="end">
                      {result.filename}
                    </Text>
                  </Group>
                  <Badge variant="light" tt="none" style={{ flexShrink: 0 }}>
                    {t("search.score", { score: formatScore(result.score) })}
                  </Badge>
                </Group>
                <Spoiler maxHeight={96} showLabel={t("search.more")} hideLabel={t("search.less")}>
                  <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                    {resultText(result)}
                  </Text>
                </Spoiler>
              </Paper>
            ))}
          </Stack>
        )
      ) : null}
    </Stack>
  );
}
