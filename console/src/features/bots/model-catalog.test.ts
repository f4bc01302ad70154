import { describe, expect, it } from "vitest";
import type { CatalogModel } from "./bots-api";
import {
  catalogRefetchInterval,
  defaultModelId,
  groupByProvider,
  localModelPhase,
  modelAvailability,
  modelSelectData,
} from "./model-catalog";

function model(id: string, configured: boolean, note: string | null = null): CatalogModel {
  const [provider, ...rest] = id.split("/");
  return {
    id,
    provider: provider!,
    name: rest.join("/"),
    note,
    context_window: 1000,
    images: false,
    pricing: {
      input_usd_per_million: 1,
      output_usd_per_million: 2,
      input_credits_per_million: 100,
      output_credits_per_million: 200,
    },
    configured,
    local: null,
  };
}

const catalog = [
  model("openai/gpt-5", false, "highest quality"),
  model("mistral/small", true),
  model("openai/gpt-5-mini", false),
  model("ollama/llama3/8b", true),
];

const labels = { unconfigured: (p: string) => `${p} (not configured)`, notInCatalog: "Not in catalog" };

describe("model catalog", () => {
  it("groups by provider in catalog order", () => {
    const groups = groupByProvider(catalog);
    expect(groups.map((g) => [g.provider, g.configured, g.models.map((m) => m.id)])).toEqual([
      ["openai", false, ["openai/gpt-5", "openai/gpt-5-mini"]],
      ["mistral", true, ["mistral/small"]],
      ["ollama", true, ["ollama/llama3/8b"]],
    ]);
  });

  it("labels unconfigured providers in the select but keeps their models selectable", () => {
    const data = modelSelectData(catalog, labels);
    expect(data[0]).toEqual({
      group: "openai (not configured)",
      items: [
        { value: "openai/gpt-5", label: "gpt-5 — highest quality" },
        { value: "openai/gpt-5-mini", label: "gpt-5-mini" },
      ],
    });
    expect(data[0]!.items.every((item) => !("disabled" in item))).toBe(true);
    expect(data[1]!.group).toBe("mistral");
  });

  it("keeps a current model that left the catalog visible", () => {
    const data = modelSelectData(catalog, labels, "gone/model");
    expect(data.at(-1)).toEqual({
      group: "Not in catalog",
      items: [{ value: "gone/model", label: "gone/model" }],
    });
    expect(modelSelectData(catalog, labels, "mistral/small")).toHaveLength(3);
  });

  it("tells whether a model can answer here", () => {
    expect(modelAvailability(catalog, "mistral/small")).toBe("configured");
    expect(modelAvailability(catalog, "openai/gpt-5")).toBe("unconfigured");
    expect(modelAvailability(catalog, "gone/model")).toBe("unknown");
  });

  it("defaults to the first configured model, else the first one", () => {
    expect(defaultModelId(catalog)).toBe("mistral/small");
    expect(defaultModelId([model("a/b", false)])).toBe("a/b");
    expect(defaultModelId([])).toBeNull();
  });
});

describe("embedded models", () => {
  const local = (state: CatalogModel["local"]): CatalogModel => ({
    ...model("local/qwen", true),
    local: state,
  });

  it("says where the file stands: here, downloading with a percentage, failed, or to be downloaded", () => {
    expect(localModelPhase(model("openai/gpt-5", true))).toBeNull();
    expect(localModelPhase(local({ installed: true, bytes: 10, download: null, error: null }))).toEqual({
      phase: "installed",
      bytes: 10,
    });
    expect(
      localModelPhase(
        local({
          installed: false,
          bytes: 200,
          download: { received_bytes: 50, total_bytes: 200 },
          error: null,
        }),
      ),
    ).toEqual({ phase: "downloading", percent: 25, received: 50, total: 200 });
    expect(
      localModelPhase(
        local({
          installed: false,
          bytes: null,
          download: { received_bytes: 5, total_bytes: null },
          error: null,
        }),
      ),
    ).toMatchObject({ phase: "downloading", percent: null });
    expect(
      localModelPhase(local({ installed: false, bytes: 200, download: null, error: "checksum" })),
    ).toEqual({
      phase: "failed",
      error: "checksum",
      bytes: 200,
    });
    expect(localModelPhase(local({ installed: false, bytes: 200, download: null, error: null }))).toEqual({
      phase: "missing",
      bytes: 200,
    });
  });

  it("reads the catalog again only while a download runs", () => {
    const downloading = local({
      installed: false,
      bytes: 1,
      download: { received_bytes: 0, total_bytes: 1 },
      error: null,
    });
    expect(catalogRefetchInterval([model("openai/gpt-5", true), downloading])).toBe(1500);
    expect(catalogRefetchInterval([model("openai/gpt-5", true)])).toBe(false);
    expect(catalogRefetchInterval(undefined)).toBe(false);
  });
});
