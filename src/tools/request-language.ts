import { DEFAULT_LANGUAGE, isLanguage, type Language } from "./tool-presentation.js";

/**
 * The language an API answer's human texts are in (GET /v1/tools `title` and `summary`,
 * docs/api.md "Tools"): an explicit `lang` wins; else the first language of `Accept-Language`
 * (by its q-values, then order; `ru-RU` counts as `ru`) that Parley speaks; else English.
 */
export function requestLanguage(lang: Language | undefined, acceptLanguage: string | undefined): Language {
  if (lang) return lang;
  return fromAcceptLanguage(acceptLanguage ?? "") ?? DEFAULT_LANGUAGE;
}

/** The best language of an Accept-Language header Parley speaks, if any. */
export function fromAcceptLanguage(header: string): Language | undefined {
  const ranges = header
    .split(",")
    .map((part, index) => {
      const [range = "", ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(p)?.[1]).find((v) => v !== undefined);
      const weight = q === undefined ? 1 : Number(q);
      return { primary: range.trim().toLowerCase().split("-")[0] ?? "", weight, index };
    })
    .filter((r) => r.primary !== "" && Number.isFinite(r.weight) && r.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return ranges.map((r) => r.primary).find(isLanguage);
}
