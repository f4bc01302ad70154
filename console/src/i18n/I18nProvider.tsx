import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from "react";
import { dictionaries, interpolate, LANGUAGES, type Language, lookup } from "./dictionaries";

const STORAGE_KEY = "parley.console.language";

interface I18nContextValue {
  language: Language;
  setLanguage(language: Language): void;
}

const I18nContext = createContext<I18nContextValue>({ language: "en", setLanguage: () => {} });

function initialLanguage(): Language {
  const stored = typeof localStorage === "undefined" ? null : localStorage.getItem(STORAGE_KEY);
  if (stored && (LANGUAGES as readonly string[]).includes(stored)) return stored as Language;
  const browser = typeof navigator === "undefined" ? "en" : navigator.language.slice(0, 2);
  return browser === "ru" ? "ru" : "en";
}

export function I18nProvider({ children, language: fixed }: { children: ReactNode; language?: Language }) {
  const [language, setState] = useState<Language>(fixed ?? initialLanguage());
  const setLanguage = useCallback((next: Language) => {
    localStorage.setItem(STORAGE_KEY, next);
    document.documentElement.lang = next;
    setState(next);
  }, []);
  const value = useMemo(() => ({ language, setLanguage }), [language, setLanguage]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useLanguage(): I18nContextValue {
  return useContext(I18nContext);
}

export type Translate = (key: string, vars?: Record<string, string | number>) => string;

/** `const t = useT("inbox"); t("empty.title")` reads locales/<language>/inbox.json. */
export function useT(namespace: string): Translate {
  const { language } = useContext(I18nContext);
  return useCallback(
    (key: string, vars?: Record<string, string | number>) =>
      interpolate(lookup(dictionaries, language, namespace, key), vars),
    [language, namespace],
  );
}

/** Dates and times in the console's language. */
export function useFormatters() {
  const { language } = useContext(I18nContext);
  return useMemo(() => {
    const dateTime = new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" });
    const time = new Intl.DateTimeFormat(language, { timeStyle: "short" });
    const number = new Intl.NumberFormat(language);
    return {
      dateTime: (iso: string | null | undefined) => (iso ? dateTime.format(new Date(iso)) : "—"),
      time: (iso: string | null | undefined) => (iso ? time.format(new Date(iso)) : "—"),
      number: (value: number) => number.format(value),
    };
  }, [language]);
}
