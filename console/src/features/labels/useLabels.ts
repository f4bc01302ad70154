import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { type Label, labelKeys, listLabels } from "./api";

const LOOKUP_STALE_MS = 60_000;

/** The project's labels, and each by its name (lower-cased: names are unique whatever their case). */
export function useLabels() {
  const query = useQuery({ queryKey: labelKeys.all, queryFn: listLabels, staleTime: LOOKUP_STALE_MS });
  const byName = useMemo(
    () => new Map<string, Label>((query.data ?? []).map((label) => [label.name.toLowerCase(), label])),
    [query.data],
  );
  return { query, byName };
}
