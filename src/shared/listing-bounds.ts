/**
 * How far ahead one listing call may read. Free of zod, so the renderer can use it without
 * bundling the schema library (whose eval probe a strict CSP reports as an error).
 */

/** Most pages one listing call fetches after the asked one. */
export const MAX_PAGES_AHEAD = 10
