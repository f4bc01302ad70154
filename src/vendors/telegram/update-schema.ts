import { z } from "zod";

/**
 * The parts of a Bot API `Update` and `Message` that Parley reads. Objects are loose (Telegram
 * adds fields all the time), and every content field falls back to "absent" when its shape is
 * unexpected, so one odd field never costs the whole message.
 */

const fileId = z.string().min(1);
const optionalString = z.string().optional().catch(undefined);
const optionalNumber = z.number().optional().catch(undefined);

/** A content field: absent when missing or malformed. */
const content = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);

const userSchema = z.looseObject({
  id: z.number().int(),
  is_bot: z.boolean(),
  first_name: z.string(),
  last_name: optionalString,
  username: optionalString,
});

const chatSchema = z.looseObject({ id: z.number().int(), type: z.string().min(1) });

const photoSizeSchema = z.looseObject({
  file_id: fileId,
  width: z.number(),
  height: z.number(),
  file_size: optionalNumber,
});

const locationSchema = z.looseObject({ latitude: z.number(), longitude: z.number() });

export const telegramMessageSchema = z.looseObject({
  message_id: z.number().int(),
  chat: chatSchema,
  from: content(userSchema),
  is_automatic_forward: content(z.boolean()),
  text: optionalString,
  caption: optionalString,
  photo: content(z.array(photoSizeSchema).min(1)),
  animation: content(
    z.looseObject({
      file_id: fileId,
      duration: optionalNumber,
      file_name: optionalString,
      mime_type: optionalString,
    }),
  ),
  video: content(
    z.looseObject({
      file_id: fileId,
      duration: optionalNumber,
      file_name: optionalString,
      mime_type: optionalString,
    }),
  ),
  video_note: content(z.looseObject({ file_id: fileId, duration: optionalNumber })),
  voice: content(z.looseObject({ file_id: fileId, duration: optionalNumber, mime_type: optionalString })),
  audio: content(
    z.looseObject({
      file_id: fileId,
      duration: optionalNumber,
      performer: optionalString,
      title: optionalString,
      file_name: optionalString,
      mime_type: optionalString,
    }),
  ),
  document: content(z.looseObject({ file_id: fileId, file_name: optionalString, mime_type: optionalString })),
  sticker: content(
    z.looseObject({
      file_id: fileId,
      emoji: optionalString,
      is_animated: content(z.boolean()),
      is_video: content(z.boolean()),
    }),
  ),
  venue: content(z.looseObject({ location: locationSchema, title: z.string(), address: optionalString })),
  location: content(locationSchema),
  contact: content(
    z.looseObject({ phone_number: z.string(), first_name: z.string(), last_name: optionalString }),
  ),
  poll: content(z.looseObject({ question: z.string() })),
  dice: content(z.looseObject({ emoji: z.string(), value: z.number() })),
});

export type TelegramMessage = z.infer<typeof telegramMessageSchema>;
export type TelegramChat = z.infer<typeof chatSchema>;
export type TelegramUser = z.infer<typeof userSchema>;

/** An update: exactly one of its optional keys is set; `message` and `callback_query` carry customer messages. */
export const telegramUpdateSchema = z.looseObject({
  update_id: z.number().int(),
  message: z.unknown().optional(),
  callback_query: z.unknown().optional(),
});

const inlineButtonSchema = z.looseObject({ text: z.string(), callback_data: optionalString });

/**
 * A press of an inline keyboard button (`CallbackQuery`). `message` is the bot's message the
 * keyboard was under, with its `reply_markup`; a message too old for Telegram to give comes as
 * an `InaccessibleMessage` (`date` 0, no markup) and still names its chat.
 */
export const telegramCallbackQuerySchema = z.looseObject({
  id: z.string().min(1),
  from: userSchema,
  data: optionalString,
  message: content(
    z.looseObject({
      message_id: z.number().int(),
      chat: chatSchema,
      reply_markup: content(z.looseObject({ inline_keyboard: z.array(z.array(inlineButtonSchema)) })),
    }),
  ),
});

export type TelegramCallbackQuery = z.infer<typeof telegramCallbackQuerySchema>;
