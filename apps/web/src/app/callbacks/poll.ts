type Poll<Answer> = {
  ask: () => Promise<Answer>;
  isFinal: (answer: Answer) => boolean;
  intervalMs: number;
  /** After this long the last answer is given, final or not. */
  timeoutMs: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** Stops asking; the promise then never settles, as nobody waits for it. */
  isStopped?: () => boolean;
};

export type PollResult<Answer> = { answer: Answer; isTimedOut: boolean };

function sleepFor(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Asks until the answer is final or the time is up, waiting `intervalMs` between the answer and the
 * next question (never two questions at once). A failed question ends the polling with its error.
 */
export async function pollUntilFinal<Answer>({
  ask,
  isFinal,
  intervalMs,
  timeoutMs,
  now = Date.now,
  sleep = sleepFor,
  isStopped = () => false,
}: Poll<Answer>): Promise<PollResult<Answer>> {
  const deadline = now() + timeoutMs;
  for (;;) {
    const answer = await ask();
    if (isFinal(answer)) return { answer, isTimedOut: false };
    if (now() + intervalMs > deadline) return { answer, isTimedOut: true };
    await sleep(intervalMs);
    if (isStopped()) return new Promise(() => undefined);
  }
}
