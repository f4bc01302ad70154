import { Title } from "@mantine/core";

// Placeholder: replaced by the feature's screen.
export function ChannelsPage() {
  return <Title order={2}>ChannelsPage</Title>;
}
