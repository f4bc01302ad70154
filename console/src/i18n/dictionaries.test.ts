import { describe, expect, it } from "vitest";
import { dictionaries, interpolate, keyPaths, LANGUAGES, lookup } from "./dictionaries";

describe("console strings", () => {
  it("every language has exactly the keys of English, in every namespace", () => {
    const namespaces = Object.keys(dictionaries.en).sort();
    expect(namespaces.length).toBeGreaterThan(0);
    for (const language of LANGUAGES) {
      expect(Object.keys(dictionaries[language]).sort()).toEqual(namespaces);
      for (const namespace of namespaces) {
        const english = keyPaths(dictionaries.en[namespace]!).sort();
        expect({ language, namespace, keys: keyPaths(dictionaries[language][namespace]!).sort() }).toEqual({
          language,
          namespace,
          keys: english,
        });
      }
    }
  });

  it("no string is empty and placeholders match English", () => {
    for (const namespace of Object.keys(dictionaries.en)) {
      for (const key of keyPaths(dictionaries.en[namespace]!)) {
        const english = lookup(dictionaries, "en", namespace, key);
        const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
        for (const language of LANGUAGES) {
          const text = lookup(dictionaries, language, namespace, key);
          expect(text.trim(), `${language}/${namespace}:${key}`).not.toBe("");
          expect(placeholders(text), `${language}/${namespace}:${key}`).toEqual(placeholders(english));
        }
      }
    }
  });

  it("interpolates and falls back to English, then to the key", () => {
    expect(interpolate("{n} new", { n: 3 })).toBe("3 new");
    expect(interpolate("{n} new {x}", { n: 3 })).toBe("3 new {x}");
    const dicts = { en: { ns: { a: { b: "B" } } }, ru: { ns: {} } };
    expect(lookup(dicts, "ru", "ns", "a.b")).toBe("B");
    expect(lookup(dicts, "ru", "ns", "a.c")).toBe("ns:a.c");
  });
});
