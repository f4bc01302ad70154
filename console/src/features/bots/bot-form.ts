import type { UseFormReturnType } from "@mantine/form";
import type { BotFormValues } from "./settings-form";

/** The bot page's form (values: settings-form.ts), passed to each section of the editor. */
export type BotForm = UseFormReturnType<BotFormValues>;
