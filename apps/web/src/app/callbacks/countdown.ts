import { useEffect, useRef, useState } from 'react';

/**
 * The number a countdown shows: nothing while more than `shownFrom` seconds are left, then each second
 * down to 1. The spec's return page counts 5 seconds and shows the last 4.
 */
export function visibleSeconds(secondsLeft: number, shownFrom: number): number | undefined {
  return secondsLeft >= 1 && secondsLeft <= shownFrom ? secondsLeft : undefined;
}

type Countdown = { seconds: number; onTick: (secondsLeft: number) => void; onDone: () => void };

/** Counts down a second at a time and calls onDone once at zero; the answer stops it early. */
export function startCountdown({ seconds, onTick, onDone }: Countdown): () => void {
  let secondsLeft = seconds;
  onTick(secondsLeft);
  const timer = setInterval(() => {
    secondsLeft -= 1;
    if (secondsLeft > 0) {
      onTick(secondsLeft);
      return;
    }
    clearInterval(timer);
    onTick(0);
    onDone();
  }, 1000);
  return () => clearInterval(timer);
}

/**
 * The seconds left of a countdown that starts when `isRunning` turns true, or undefined before. onDone
 * may change between renders; the one of the last render is called.
 */
export function useCountdown(seconds: number, isRunning: boolean, onDone: () => void): number | undefined {
  const [secondsLeft, setSecondsLeft] = useState<number>();
  const latestOnDone = useRef(onDone);
  latestOnDone.current = onDone;
  useEffect(() => {
    if (!isRunning) return undefined;
    return startCountdown({ seconds, onTick: setSecondsLeft, onDone: () => latestOnDone.current() });
  }, [seconds, isRunning]);
  return secondsLeft;
}
