import { Title } from "@mantine/core";

// Placeholder: replaced by the feature's screen.
export function BotPage() {
  return <Title order={2}>BotPage</Title>;
}
