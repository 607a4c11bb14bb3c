/**
 * How the data grid asks main for what its byte cells hold; shared with the media
 * benchmark, which asks the same way. A module of its own, without zod, because the
 * renderer takes values only from modules that define no schemas (a schema built in the
 * page would try code generation, which its content security policy refuses).
 */

/**
 * Rows per `media:cells` call of the data grid: about a screen of thumbnail rows, a fifth of
 * a rows page, because each thumbnail costs main a decode of the whole image; asking for
 * what is drawn rather than the page puts the first pictures on screen several times sooner.
 */
export const GRID_MEDIA_BLOCK_ROWS = 20
