/**
 * The flags the server's Node process runs with, wherever it is started from.
 *
 * A young generation of up to 32 MB a half: an import streams a million rows through a few
 * generators, and with V8's default of 16 MB the rows in flight outlived two minor collections and
 * were moved to the old generation by the megabyte, where they piled up until a full collection
 * (peaks of 300 MB against a steady 230 MB).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=32'];
