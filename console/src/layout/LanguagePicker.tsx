import { SegmentedControl } from "@mantine/core";
import { LANGUAGES, type Language } from "../i18n/dictionaries";
import { useLanguage, useT } from "../i18n/I18nProvider";

export function LanguagePicker() {
  const { language, setLanguage } = useLanguage();
  const t = useT("common");
  return (
    <SegmentedControl
      size="xs"
      aria-label={t("language")}
      value={language}
      onChange={(value) => setLanguage(value as Language)}
      data={LANGUAGES.map((code) => ({ value: code, label: code.toUpperCase() }))}
    />
  );
}
