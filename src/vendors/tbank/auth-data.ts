import { z } from "zod";
import { authDataObject, credential } from "../shared/fields.js";

/** T-Bank Internet Acquiring (docs/api.md "auth_data per vendor"): the terminal and the password that signs `Token`. */
export const tbankAuthDataSchema = authDataObject({
  terminal_key: z
    .string({ error: (issue) => (issue.input === undefined ? "required" : "must be a string") })
    .regex(/^\S{1,20}$/, "must be 1 to 20 characters without whitespace")
    .describe("`TerminalKey` of the terminal."),
  password: credential("Terminal password; signs requests and verifies notifications."),
}).meta({ id: "TbankAuthData" });
