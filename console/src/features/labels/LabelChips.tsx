import { Badge, Group } from "@mantine/core";
import { useLabels } from "./useLabels";

/**
 * A thread's labels as small chips, each in its label's colour (grey without one). `max` shows
 * the first few and counts the rest.
 */
export function LabelChips({ names, max }: { names: readonly string[] | undefined; max?: number }) {
  const { byName } = useLabels();
  if (!names || names.length === 0) return null;
  const shown = max === undefined ? names : names.slice(0, max);
  const hidden = names.length - shown.length;
  return (
    <Group gap={4} wrap="nowrap" miw={0} style={{ overflow: "hidden" }} data-testid="thread-labels">
      {shown.map((name) => {
        const color = byName.get(name.toLowerCase())?.color ?? undefined;
        return (
          <Badge
            key={name}
            size="xs"
            variant="light"
            color={color ?? "gray"}
            radius="sm"
            style={{ flexShrink: 1, minWidth: 0, textTransform: "none" }}
            data-testid="thread-label"
          >
            {name}
          </Badge>
        );
      })}
      {hidden > 0 ? (
        <Badge size="xs" variant="outline" color="gray" radius="sm" style={{ flexShrink: 0 }}>
          +{hidden}
        </Badge>
      ) : null}
    </Group>
  );
}
