/**
 * The flags the server's Node process runs with, wherever it is started from.
 *
 * A young generation of up to 32 MB a half: an import streams a million rows through a few
 * generators, and with V8's default of 16 MB the rows in flight outlived two minor collections and
 * were moved to the old generation by the megabyte, where they piled up until a full collection
 * (peaks of 300 MB against a steady 230 MB).
 *
 * An old generation allowed to grow by half of what a full collection leaves live before the next
 * one: with V8's own factor (up to four times) the rows a bank sync or an import promotes while they
 * wait for the database piled up as garbage, some 90 MB per 200,000 rows, until a full collection
 * came (a 1,000,000-row sync peaked at 344 MB, 251 MB with this factor at a fifth of the rows).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=32', '--heap-growing-percent=50'];
