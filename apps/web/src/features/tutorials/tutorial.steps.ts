/** One step of a tutorial: a caption of the recording, where it begins and what it says. */
export type TutorialStep = { startSeconds: number; text: string };

/** A cue as the browser's text track gives it; VTTCue adds the text to TextTrackCue. */
type CaptionCue = { startTime: number; text?: unknown };

/** The steps of a recording, from the cues of its captions in order of time. */
export function stepsOfCues(cues: Iterable<CaptionCue> | null | undefined): TutorialStep[] {
  if (!cues) return [];
  return Array.from(cues)
    .flatMap((cue) =>
      typeof cue.text === 'string' && cue.text.trim() !== ''
        ? [{ startSeconds: cue.startTime, text: cue.text.replace(/\s+/g, ' ').trim() }]
        : [],
    )
    .sort((first, second) => first.startSeconds - second.startSeconds);
}

/** The step playing at a moment of the recording: the last one begun, or none before the first. */
export function currentStepIndex(steps: readonly TutorialStep[], seconds: number): number {
  let current = -1;
  steps.forEach((step, index) => {
    if (step.startSeconds <= seconds + 0.05) current = index;
  });
  return current;
}

/** A moment of a short recording as a person reads it: 0:07, 1:05. */
export function formatMoment(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
