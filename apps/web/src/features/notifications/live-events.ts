import { LiveEvent } from '@bilag/contracts';

/** The first wait before reconnecting; it doubles with each failed attempt up to the longest. */
const FIRST_RETRY_MS = 1_000;
const LONGEST_RETRY_MS = 30_000;

/** How long to wait before the given attempt, with jitter so tabs after a restart do not come at once. */
export function retryDelay(attempt: number): number {
  const ceiling = Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** attempt);
  return ceiling / 2 + Math.random() * (ceiling / 2);
}

/** The events in the text received so far, and the unfinished rest to keep for the next chunk. */
export function readEventFrames(text: string): { events: LiveEvent[]; rest: string } {
  const frames = text.split('\n\n');
  const rest = frames.pop() ?? '';
  const events: LiveEvent[] = [];
  for (const frame of frames)
    for (const line of frame.split('\n')) {
      if (!line.startsWith('data:')) continue;
      try {
        const event = LiveEvent.safeParse(JSON.parse(line.slice('data:'.length)));
        if (event.success) events.push(event.data);
      } catch {
        // A line that is not JSON is not one of ours; the next event still counts.
      }
    }
  return { events, rest };
}
