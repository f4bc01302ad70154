/** `code` of the error a refused MCP server address fails with. */
export const MCP_ADDRESS_ERROR_CODE = "EMCPADDRESS";

/** A JSON answer of an MCP server larger than this is cut off with an error (event streams are read as they come). */
export const MAX_JSON_RESPONSE_BYTES = 8 * 1024 * 1024;
