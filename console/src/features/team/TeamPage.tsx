import { Alert, Button, Group, Stack, Text, Title } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconUserPlus } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useSignedIn } from "../../auth/SessionProvider";
import { EmptyState, QueryState } from "../../components/QueryState";
import { useT } from "../../i18n/I18nProvider";
import { BusinessHoursSection } from "../business-hours/BusinessHoursSection";
import { LabelsSection } from "../labels/LabelsSection";
import { TeamsCard } from "../routing/TeamsCard";
import { AddOperatorModal } from "./AddOperatorModal";
import { listOperators, teamKeys } from "./api";
import { MyAccountCard } from "./MyAccountCard";
import { OperatorsTable } from "./OperatorsTable";

/**
 * /team: the project's people (admins manage them; operators, who may reach this page by its
 * address, only see the list), the project's business hours (both may change them) and the
 * signed-in person's own account.
 */
export function TeamPage() {
  const t = useT("team");
  const session = useSignedIn();
  const isAdmin = session.role === "admin";
  const operators = useQuery({ queryKey: teamKeys.operators, queryFn: listOperators });
  const [adding, add] = useDisclosure(false);

  return (
    <Stack gap="xl">
      <Stack gap="sm" component="section" aria-labelledby="team-title">
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
          <div>
            <Title order={2} id="team-title">
              {t("title")}
            </Title>
            <Text c="dimmed" size="sm">
              {t("subtitle", { project: session.project.name })}
            </Text>
          </div>
          {isAdmin && (
            <Button
              leftSection={<IconUserPlus size={16} />}
              onClick={add.open}
              data-testid="add-operator-button"
            >
              {t("add.button")}
            </Button>
          )}
        </Group>
        {!isAdmin && (
          <Alert color="gray" variant="light">
            {t("readOnly")}
          </Alert>
        )}
        <QueryState query={operators}>
          {(list) =>
            list.length === 0 ? (
              <EmptyState title={t("empty.title")} hint={t("empty.hint")} />
            ) : (
              <OperatorsTable operators={list} manage={isAdmin} selfId={session.user.id} />
            )
          }
        </QueryState>
      </Stack>
      <LabelsSection manage={isAdmin} />
      <BusinessHoursSection />
      <TeamsCard operators={operators.data ?? []} manage={isAdmin} />
      <MyAccountCard />
      {isAdmin && <AddOperatorModal opened={adding} onClose={add.close} />}
    </Stack>
  );
}
