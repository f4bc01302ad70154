/** Every visible string of the widget, in the two languages it speaks. */
export type Lang = "en" | "ru";

const en = {
  open: "Open chat",
  openUnread: "Open chat, {n} unread",
  close: "Close chat",
  defaultTitle: "Chat",
  messages: "Messages",
  input: "Message",
  placeholder: "Write a message…",
  send: "Send",
  typing: "Typing…",
  you: "You",
  operator: "Operator",
  nowPerson: "You are now talking to a person",
  nowBot: "You are talking to the bot again",
  yes: "Yes",
  no: "No",
  identityInvalid: "We could not verify your account, so the chat is unavailable. Please reload the page.",
  connecting: "Cannot reach the chat right now. Retrying…",
  sendFailed: "The message was not sent. Please try again.",
  rateLimited: "Too many messages. Please wait {n} s and try again.",
  replyFailed: "Something went wrong while answering. Please try again.",
  tooLong: "The message is too long (at most 4000 characters).",
  rateGroup: "Rate this answer",
  rateUp: "Helpful",
  rateDown: "Not helpful",
  rateComment: "Comment on the answer",
  ratePlaceholder: "Tell us more (optional)",
  rateSend: "Send",
  rateThanks: "Thank you for your feedback!",
  rateFailed: "Your rating was not saved. Please try again.",
};

export type Strings = typeof en;

const ru: Strings = {
  open: "Открыть чат",
  openUnread: "Открыть чат, непрочитанных: {n}",
  close: "Закрыть чат",
  defaultTitle: "Чат",
  messages: "Сообщения",
  input: "Сообщение",
  placeholder: "Напишите сообщение…",
  send: "Отправить",
  typing: "Печатает…",
  you: "Вы",
  operator: "Оператор",
  nowPerson: "Теперь с вами общается оператор",
  nowBot: "Вы снова общаетесь с ботом",
  yes: "Да",
  no: "Нет",
  identityInvalid: "Не удалось подтвердить ваш аккаунт, поэтому чат недоступен. Перезагрузите страницу.",
  connecting: "Не удаётся подключиться к чату. Пробуем снова…",
  sendFailed: "Сообщение не отправлено. Попробуйте ещё раз.",
  rateLimited: "Слишком много сообщений. Подождите {n} с и попробуйте снова.",
  replyFailed: "При ответе что-то пошло не так. Попробуйте ещё раз.",
  tooLong: "Сообщение слишком длинное (не больше 4000 символов).",
  rateGroup: "Оцените ответ",
  rateUp: "Полезный ответ",
  rateDown: "Бесполезный ответ",
  rateComment: "Комментарий к ответу",
  ratePlaceholder: "Расскажите подробнее (необязательно)",
  rateSend: "Отправить",
  rateThanks: "Спасибо за отзыв!",
  rateFailed: "Оценка не сохранилась. Попробуйте ещё раз.",
};

export const dictionaries: Record<Lang, Strings> = { en, ru };

/** `auto` follows the browser: Russian for any `ru*` locale, English otherwise. */
export function resolveLang(setting: string | undefined, navigatorLanguage: string | undefined): Lang {
  if (setting === "en" || setting === "ru") return setting;
  return (navigatorLanguage ?? "").toLowerCase().startsWith("ru") ? "ru" : "en";
}

export function format(template: string, n: number): string {
  return template.replace("{n}", String(n));
}
