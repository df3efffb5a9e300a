import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * The WCAG 2.1 AA violations axe rates serious or critical on the page as it is now (with the check that a
 * control's name contains the text it shows, WCAG 2.5.3, which axe still calls experimental), once it has come
 * to rest: a dialog still fading in shows its text at part of its contrast, which is not what anyone
 * reads. Animations that never end (a spinner, the blinking of a consent about to expire) are not
 * waited for.
 */
export async function seriousViolations(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity,
      ),
  );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    // A sandboxed frame runs no script, so axe cannot enter it and would wait forever; what such a
    // frame shows is someone else's content (a received mail), not ours to audit.
    .exclude('iframe[sandbox]')
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      nodes: violation.nodes.map((node) => node.target),
    }));
}
