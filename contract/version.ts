/** The API's version: the OpenAPI document's info.version, and sent with every API answer. */
export const API_VERSION = '1.0.0';
/** The answer header that carries it. */
export const API_VERSION_HEADER = 'X-API-Version';
