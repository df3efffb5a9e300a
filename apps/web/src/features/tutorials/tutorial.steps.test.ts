import { describe, expect, it } from 'vitest';
import { currentStepIndex, formatMoment, stepsOfCues } from './tutorial.steps';

describe('tutorial steps', () => {
  it('reads the steps from the captions in order of time, with their text on one line', () => {
    const steps = stepsOfCues([
      { startTime: 12.4, text: 'Open the bank\naccounts' },
      { startTime: 0.5, text: 'Open the vouchers' },
      { startTime: 20, text: '   ' },
    ]);
    expect(steps).toEqual([
      { startSeconds: 0.5, text: 'Open the vouchers' },
      { startSeconds: 12.4, text: 'Open the bank accounts' },
    ]);
  });

  it('has no steps before the captions are loaded', () => {
    expect(stepsOfCues(null)).toEqual([]);
  });

  it('names the step playing: none before the first, then the last one begun', () => {
    const steps = [
      { startSeconds: 1, text: 'a' },
      { startSeconds: 5, text: 'b' },
    ];
    expect(currentStepIndex(steps, 0.2)).toBe(-1);
    expect(currentStepIndex(steps, 1)).toBe(0);
    expect(currentStepIndex(steps, 4.9)).toBe(0);
    expect(currentStepIndex(steps, 30)).toBe(1);
  });

  it('writes moments as minutes and seconds', () => {
    expect(formatMoment(7.9)).toBe('0:07');
    expect(formatMoment(65)).toBe('1:05');
    expect(formatMoment(-1)).toBe('0:00');
  });
});
