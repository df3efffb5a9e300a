import { ConsentPageState } from '@bilag/contracts';
import { describe, expect, it, vi } from 'vitest';
import { CONSENT_MESSAGE_SOURCE, consentFlowOutcome, tellConsentFlowEnded } from './consent-messages';

const origin = 'https://bilag.example';

describe('tellConsentFlowEnded', () => {
  it('tells the mobile web view, as a string, that the consent was accepted', () => {
    const postMessage = vi.fn();
    const told = tellConsentFlowEnded('accepted', 7, {
      ReactNativeWebView: { postMessage },
      opener: null,
      location: { origin },
    });
    expect(told).toBe(true);
    expect(JSON.parse(postMessage.mock.calls[0]?.[0])).toEqual({
      source: CONSENT_MESSAGE_SOURCE,
      event: 'accepted',
      consentId: 7,
    });
  });

  it('tells an opener of our origin only, and no closed one', () => {
    const postMessage = vi.fn();
    expect(
      tellConsentFlowEnded('rejected', null, {
        opener: { postMessage, closed: false },
        location: { origin },
      }),
    ).toBe(true);
    expect(postMessage).toHaveBeenCalledWith(
      { source: CONSENT_MESSAGE_SOURCE, event: 'rejected', consentId: null },
      origin,
    );
    const closed = vi.fn();
    expect(
      tellConsentFlowEnded('accepted', 1, {
        opener: { postMessage: closed, closed: true },
        location: { origin },
      }),
    ).toBe(false);
    expect(closed).not.toHaveBeenCalled();
  });

  it('answers false in an ordinary tab, and ignores a web view without postMessage', () => {
    expect(tellConsentFlowEnded('accepted', 1, { opener: null, location: { origin } })).toBe(false);
    expect(
      tellConsentFlowEnded('accepted', 1, { ReactNativeWebView: {}, opener: null, location: { origin } }),
    ).toBe(false);
  });
});

describe('consentFlowOutcome', () => {
  it('ends the flow when accepted or rejected, not while pending', () => {
    expect(consentFlowOutcome(ConsentPageState.accepted)).toBe('accepted');
    expect(consentFlowOutcome(ConsentPageState.rejected)).toBe('rejected');
    expect(consentFlowOutcome(ConsentPageState.pending)).toBeUndefined();
  });
});
