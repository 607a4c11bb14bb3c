/**
 * The most bytes any one decompression may produce, for every decoder the app and the
 * reference server run on bytes from outside: Arrow IPC buffers (./arrow-codecs.ts) and
 * HTTP bodies sent with a Content-Encoding. Compressed input can claim or make thousands
 * of times its size (a 58-byte Zstandard frame declares 2 GiB; 2.6 KB of Brotli inflate to
 * 3.5 GB), so each decoder checks its budget before allocating and again while it writes.
 */

const MiB = 1024 * 1024

/**
 * Per decoded Arrow IPC buffer (one column's values, offsets or validity in one record
 * batch). 256 MiB holds a batch of 8,192 rows of 4,096-dimension float32 vectors (128 MiB)
 * twice over, and LanceDB writes batches of at most a few thousand rows; it is half the
 * 512 MiB a create body or imported file may be, so a compressed body cannot decode to
 * more than the same body sent plain could hold in one buffer.
 */
export const ARROW_BUFFER_DECODE_BUDGET = 256 * MiB

/**
 * Per synchronous run of Arrow decoding (one `tableFromIPC`, one batch of a streaming
 * reader), all its decoded buffers together: the 512 MiB the largest plain body (a create
 * body, an imported file) may be, so compressing Arrow never lets it decode to more than
 * the same data sent plain could hold.
 */
export const ARROW_DECODE_RUN_BUDGET = 512 * MiB

/**
 * Per HTTP body read decoded from a Content-Encoding (gzip, deflate, br): the 64 MiB the
 * app's REST client reads of any catalog answer, decoded or not.
 */
export const HTTP_BODY_DECODE_BUDGET = 64 * MiB
