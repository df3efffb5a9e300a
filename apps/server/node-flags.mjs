/**
 * The flags the server's Node process runs with, wherever it is started from: on PostgreSQL (DATABASE_URL
 * set) or on the embedded database.
 *
 * On PostgreSQL, a young generation of up to 32 MB a half: an import streams a million rows through a
 * few generators, and with V8's default of 16 MB the rows in flight outlived two minor collections and
 * were moved to the old generation by the megabyte, where they piled up until a full collection (peaks
 * of 300 MB against a steady 230 MB).
 *
 * On the embedded database, 8 MB a half: the database's own memory (some 150 MB of WebAssembly memory,
 * which never shrinks) lives in the same process, and a large young generation cost more than the
 * promotions it saved. A 1,000,000-row import peaked at 460 MB with 32 MB and 420 MB with 8, at the
 * same rate. And its WebAssembly compiled by the optimising compiler alone (`--no-liftoff`): V8
 * otherwise compiles all of it at once with its baseline compiler and then the hot functions again,
 * and keeps both. The import then peaked at 340 MB (400-412 MB without), at the same rate; the server
 * rests at 253 MB instead of 295 and a second `npm start` takes 0.9 s longer (2.7 s against 1.8 s).
 *
 * Either way, an old generation allowed to grow by half of what a full collection leaves live before
 * the next one: with V8's own factor (up to four times) the rows a bank sync or an import promotes
 * while they wait for the database piled up as garbage, some 90 MB per 200,000 rows, until a full
 * collection came (a 1,000,000-row sync peaked at 344 MB, 251 MB with this factor at a fifth of the
 * rows).
 */
export function serverNodeFlags({ embedded }) {
  const youngGenerationMegabytes = embedded ? 8 : 32;
  return [
    `--max-semi-space-size=${youngGenerationMegabytes}`,
    '--heap-growing-percent=50',
    ...(embedded ? ['--no-liftoff'] : []),
  ];
}
