import { describe, expect, it } from "vitest";
import { dictionaries, format, resolveLang } from "./i18n";

describe("i18n", () => {
  it("follows the browser on auto: ru for any Russian locale, else en", () => {
    expect(resolveLang("auto", "ru-RU")).toBe("ru");
    expect(resolveLang("auto", "RU")).toBe("ru");
    expect(resolveLang("auto", "en-GB")).toBe("en");
    expect(resolveLang("auto", "uk-UA")).toBe("en");
    expect(resolveLang("auto", undefined)).toBe("en");
    expect(resolveLang(undefined, "ru")).toBe("ru");
  });

  it("obeys an explicit language", () => {
    expect(resolveLang("ru", "en-US")).toBe("ru");
    expect(resolveLang("en", "ru-RU")).toBe("en");
  });

  it("has every string in both languages", () => {
    expect(Object.keys(dictionaries.ru).sort()).toEqual(Object.keys(dictionaries.en).sort());
    for (const value of [...Object.values(dictionaries.en), ...Object.values(dictionaries.ru)]) {
      expect(value.trim()).not.toBe("");
    }
    expect(dictionaries.en.nowPerson).toBe("You are now talking to a person");
    expect(dictionaries.ru.nowPerson).toBe("Теперь с вами общается оператор");
    expect(dictionaries.en.nowBot).toBe("You are talking to the bot again");
  });

  it("formats counts", () => {
    expect(format(dictionaries.en.openUnread, 3)).toBe("Open chat, 3 unread");
  });
});
