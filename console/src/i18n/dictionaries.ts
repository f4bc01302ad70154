/**
 * Every string of the console lives in locales/<language>/<namespace>.json (docs/console.md):
 * one file per screen area, the same keys in every language.
 */
export const LANGUAGES = ["en", "ru"] as const;
export type Language = (typeof LANGUAGES)[number];

type Strings = { [key: string]: string | Strings };
export type Dictionaries = Record<Language, Record<string, Strings>>;

const files = import.meta.glob<Strings>("../locales/*/*.json", { eager: true, import: "default" });

export const dictionaries: Dictionaries = (() => {
  const out: Dictionaries = { en: {}, ru: {} };
  for (const [path, strings] of Object.entries(files)) {
    const match = /locales\/([a-z]+)\/([\w-]+)\.json$/.exec(path);
    if (!match) continue;
    const [, language, namespace] = match;
    if ((LANGUAGES as readonly string[]).includes(language!)) out[language as Language][namespace!] = strings;
  }
  return out;
})();

/** `"{count} messages"` with `{count: 3}` → `"3 messages"`. Unknown placeholders stay as written. */
export function interpolate(template: string, vars?: Record<string, string | number>): string {
  if (!vars) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    vars[name] === undefined ? whole : String(vars[name]),
  );
}

/** Looks up `a.b.c` in a namespace; falls back to English, then to the key itself. */
export function lookup(dicts: Dictionaries, language: Language, namespace: string, key: string): string {
  for (const lang of [language, "en"] as const) {
    let node: string | Strings | undefined = dicts[lang][namespace];
    for (const part of key.split(".")) {
      node = typeof node === "object" ? node[part] : undefined;
    }
    if (typeof node === "string") return node;
  }
  return `${namespace}:${key}`;
}

/** Paths of every string in a tree, for the test that languages have the same keys. */
export function keyPaths(strings: Strings, prefix = ""): string[] {
  return Object.entries(strings).flatMap(([key, value]) =>
    typeof value === "string" ? [`${prefix}${key}`] : keyPaths(value, `${prefix}${key}.`),
  );
}
