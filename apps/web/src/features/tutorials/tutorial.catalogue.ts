import type { TutorialName } from '@bilag/contracts';

export type TutorialEntry = {
  name: TutorialName;
  /** The page's address, outside any company (spec §2). */
  path: string;
  /** Recorded in a phone-sized window: shown upright, at the width of a phone. */
  isPhone: boolean;
};

export const TUTORIALS: readonly TutorialEntry[] = [
  { name: 'overview', path: '/video', isPhone: false },
  { name: 'android', path: '/video/android', isPhone: true },
  { name: 'pay-dnb-android', path: '/video/pay-dnb-android', isPhone: true },
  { name: 'pay-sp1-android', path: '/video/pay-sp1-android', isPhone: true },
  { name: 'invoice-web', path: '/video/invoice-web', isPhone: false },
];

export function tutorialEntry(name: TutorialName): TutorialEntry {
  const entry = TUTORIALS.find((tutorial) => tutorial.name === name);
  if (!entry) throw new Error(`No tutorial is named ${name}`);
  return entry;
}
