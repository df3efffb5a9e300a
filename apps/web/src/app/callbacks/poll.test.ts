import { describe, expect, it } from 'vitest';
import { pollUntilFinal } from './poll';

/** A clock that moves only when the poll sleeps, so the test runs at once. */
function clock() {
  let time = 0;
  const sleeps: number[] = [];
  return {
    now: () => time,
    sleep: async (ms: number) => {
      sleeps.push(ms);
      time += ms;
    },
    sleeps,
  };
}

describe('asking until the answer is final', () => {
  it('asks every interval until the answer is final', async () => {
    const answers = ['pending', 'pending', 'completed'];
    const time = clock();
    let asked = 0;
    const result = await pollUntilFinal({
      ask: async () => answers[asked++] ?? 'pending',
      isFinal: (answer) => answer !== 'pending',
      intervalMs: 1000,
      timeoutMs: 180_000,
      ...time,
    });
    expect(result).toEqual({ answer: 'completed', isTimedOut: false });
    expect(time.sleeps).toEqual([1000, 1000]);
  });

  it('gives up with the last answer when the time is up', async () => {
    const time = clock();
    let asked = 0;
    const result = await pollUntilFinal({
      ask: async () => {
        asked += 1;
        return 'pending';
      },
      isFinal: () => false,
      intervalMs: 2000,
      timeoutMs: 60_000,
      ...time,
    });
    expect(result).toEqual({ answer: 'pending', isTimedOut: true });
    expect(asked).toBe(31);
    expect(time.now()).toBe(60_000);
  });

  it('ends with the error of a failed question', async () => {
    const time = clock();
    await expect(
      pollUntilFinal({
        ask: async () => {
          throw new Error('Failed to fetch');
        },
        isFinal: () => true,
        intervalMs: 1000,
        timeoutMs: 10_000,
        ...time,
      }),
    ).rejects.toThrow('Failed to fetch');
  });
});
