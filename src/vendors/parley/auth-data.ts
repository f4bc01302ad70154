import { authDataObject } from "../shared/fields.js";

/** The service's own web widget and API channel: no credentials, so auth_data is `{}`. */
export const parleyAuthDataSchema = authDataObject({}).meta({ id: "ParleyAuthData" });
