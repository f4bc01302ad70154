import {
  AppShell,
  Badge,
  Burger,
  Button,
  Center,
  Group,
  Loader,
  NavLink,
  Select,
  Stack,
  Text,
} from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import {
  IconAddressBook,
  IconBook,
  IconChartBar,
  IconCreditCard,
  IconInbox,
  IconMessageBolt,
  IconPlugConnected,
  IconRobot,
  IconUsers,
  IconWebhook,
} from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { Suspense } from "react";
import { Outlet, NavLink as RouterLink, useLocation } from "react-router";
import { signOut, switchProject } from "../api/session";
import { useSession, useSignedIn } from "../auth/SessionProvider";
import { MentionsBell } from "../features/inbox/MentionsBell";
import { AvailabilitySwitch } from "../features/routing/AvailabilitySwitch";
import { useT } from "../i18n/I18nProvider";
import { LanguagePicker } from "./LanguagePicker";

const NAV = [
  { to: "/inbox", key: "inbox", icon: IconInbox, admin: false },
  { to: "/canned", key: "canned", icon: IconMessageBolt, admin: false },
  { to: "/contacts", key: "contacts", icon: IconAddressBook, admin: false },
  { to: "/bots", key: "bots", icon: IconRobot, admin: true },
  { to: "/channels", key: "channels", icon: IconPlugConnected, admin: true },
  { to: "/webhooks", key: "webhooks", icon: IconWebhook, admin: true },
  { to: "/billing", key: "billing", icon: IconCreditCard, admin: true },
  { to: "/analytics", key: "analytics", icon: IconChartBar, admin: true },
  { to: "/knowledge", key: "knowledge", icon: IconBook, admin: true },
  { to: "/team", key: "team", icon: IconUsers, admin: false },
] as const;

export function Shell() {
  const t = useT("common");
  const session = useSignedIn();
  const { accept, forget } = useSession();
  const [opened, { toggle, close }] = useDisclosure();
  const location = useLocation();
  const signOutMutation = useMutation({ mutationFn: signOut, onSettled: forget });
  const switchMutation = useMutation({ mutationFn: switchProject, onSuccess: accept });

  return (
    <AppShell
      header={{ height: 52 }}
      navbar={{ width: 220, breakpoint: "sm", collapsed: { mobile: !opened } }}
      padding="md"
    >
      <a href="#main" className="skip-link">
        {t("skipToContent")}
      </a>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={t("menu")} />
            <Text fw={700}>{t("appName")}</Text>
            {session.projects.length > 1 ? (
              <Select
                size="xs"
                aria-label={t("project")}
                value={session.project.id}
                data={session.projects.map((p) => ({ value: p.id, label: p.name }))}
                onChange={(value) => value && value !== session.project.id && switchMutation.mutate(value)}
                allowDeselect={false}
                w={180}
              />
            ) : (
              <Text size="sm" c="dimmed" visibleFrom="xs">
                {session.project.name}
              </Text>
            )}
          </Group>
          <Group gap="sm" wrap="nowrap">
            <MentionsBell />
            <AvailabilitySwitch />
            <Text size="sm" visibleFrom="sm" data-testid="signed-in-user">
              {session.user.name}
            </Text>
            <Badge variant="light" visibleFrom="sm">
              {t(`role.${session.role}`)}
            </Badge>
            <Button size="xs" variant="subtle" onClick={() => signOutMutation.mutate()}>
              {t("actions.signOut")}
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label={t("menu")}>
        <Stack gap={2} justify="space-between" h="100%">
          <nav>
            {NAV.filter((item) => !item.admin || session.role === "admin").map((item) => (
              <NavLink
                key={item.to}
                component={RouterLink}
                to={item.to}
                label={t(`nav.${item.key}`)}
                leftSection={<item.icon size={18} stroke={1.6} />}
                active={location.pathname.startsWith(item.to)}
                onClick={close}
              />
            ))}
          </nav>
          <LanguagePicker />
        </Stack>
      </AppShell.Navbar>
      <AppShell.Main id="main">
        <Suspense
          fallback={
            <Center py="xl">
              <Loader size="sm" />
            </Center>
          }
        >
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
