import { Title } from "@mantine/core";

// Placeholder: replaced by the feature's screen.
export function BotsPage() {
  return <Title order={2}>BotsPage</Title>;
}
