/**
 * The model catalog (GET /v1/models) grouped by provider. `configured` is per model in the API
 * but is a property of the provider (credentials on this server), so a provider counts as
 * configured when any of its models is.
 *
 * Decision: models of unconfigured providers are shown and stay selectable, marked "not
 * configured" with a warning under the picker. The API accepts any catalog id, and admins
 * usually set bots up before the provider's key is added; until it is, replies fail with
 * `model_unavailable` (the "Try it" panel shows that error).
 */
import type { CatalogModel } from "./bots-api";

export interface ProviderGroup {
  provider: string;
  configured: boolean;
  models: CatalogModel[];
}

/** Providers in catalog order (the first appearance of each), models in catalog order. */
export function groupByProvider(models: readonly CatalogModel[]): ProviderGroup[] {
  const groups = new Map<string, ProviderGroup>();
  for (const model of models) {
    let group = groups.get(model.provider);
    if (!group) {
      group = { provider: model.provider, configured: false, models: [] };
      groups.set(model.provider, group);
    }
    group.models.push(model);
    group.configured ||= model.configured;
  }
  return [...groups.values()];
}

export interface ModelOption {
  value: string;
  label: string;
}

export interface ModelOptionGroup {
  group: string;
  items: ModelOption[];
}

/**
 * Select data: one group per provider, labelled with the provider and, when it has no
 * credentials, `unconfiguredLabel`. A current id that is not in the catalog (removed from
 * the server's configuration later; bots keep it) gets a group of its own so it still shows.
 */
export function modelSelectData(
  models: readonly CatalogModel[],
  labels: { unconfigured: (provider: string) => string; notInCatalog: string },
  currentId?: string | null,
): ModelOptionGroup[] {
  const data: ModelOptionGroup[] = groupByProvider(models).map((group) => ({
    group: group.configured ? group.provider : labels.unconfigured(group.provider),
    items: group.models.map((model) => ({
      value: model.id,
      label: model.note ? `${model.name} — ${model.note}` : model.name,
    })),
  }));
  if (currentId && !models.some((model) => model.id === currentId)) {
    data.push({ group: labels.notInCatalog, items: [{ value: currentId, label: currentId }] });
  }
  return data;
}

export type ModelAvailability = "configured" | "unconfigured" | "unknown";

/** Whether replies with this model can work on this server. */
export function modelAvailability(
  models: readonly CatalogModel[],
  id: string | null | undefined,
): ModelAvailability {
  const model = models.find((m) => m.id === id);
  if (!model) return "unknown";
  return model.configured ? "configured" : "unconfigured";
}

/** The catalog's first model of a configured provider, else its first model: a create default. */
export function defaultModelId(models: readonly CatalogModel[]): string | null {
  return (models.find((m) => m.configured) ?? models[0])?.id ?? null;
}

export type LocalModelPhase =
  | { phase: "installed"; bytes: number | null }
  | { phase: "downloading"; percent: number | null; received: number; total: number | null }
  | { phase: "failed"; error: string; bytes: number | null }
  | { phase: "missing"; bytes: number | null };

/** Where an embedded model stands: on disk, downloading, failed, or to be downloaded on first use. */
export function localModelPhase(model: CatalogModel): LocalModelPhase | null {
  const local = model.local;
  if (!local) return null;
  if (local.installed) return { phase: "installed", bytes: local.bytes };
  if (local.download) {
    const { received_bytes: received, total_bytes: total } = local.download;
    const percent = total ? Math.min(100, Math.floor((received / total) * 100)) : null;
    return { phase: "downloading", percent, received, total };
  }
  if (local.error) return { phase: "failed", error: local.error, bytes: local.bytes };
  return { phase: "missing", bytes: local.bytes };
}

/** While an embedded model downloads, the catalog is read again this often (ms) to show progress. */
export function catalogRefetchInterval(models: readonly CatalogModel[] | undefined): number | false {
  return models?.some((model) => model.local?.download) ? 1500 : false;
}
