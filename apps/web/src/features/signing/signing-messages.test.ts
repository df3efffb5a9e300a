import { describe, expect, it, vi } from 'vitest';
import {
  closeSigningWindow,
  isFinalSigningEvent,
  openSigningWindow,
  readSigningMessage,
  SIGNING_WINDOW_FEATURES,
  SIGNING_WINDOW_NAME,
  tellOpener,
} from './signing-messages';

const origin = 'https://app.bilag.no';

describe('messages from the signing window', () => {
  it('reads the events the return pages send', () => {
    for (const event of ['closed', 'accepted', 'cancelled', 'approved', 'verified'] as const)
      expect(readSigningMessage({ origin, data: { source: 'bilag-signing', event } }, origin)).toBe(event);
  });

  it('ignores a message from another site, even one that looks like ours', () => {
    const data = { source: 'bilag-signing', event: 'accepted' };
    expect(readSigningMessage({ origin: 'https://evil.example', data }, origin)).toBeUndefined();
    expect(readSigningMessage({ origin: 'http://app.bilag.no', data }, origin)).toBeUndefined();
  });

  it('ignores other messages of our own origin', () => {
    for (const data of [
      null,
      'accepted',
      { source: 'react-devtools', event: 'accepted' },
      { source: 'bilag-signing', event: 'paid' },
      { source: 'bilag-signing' },
    ])
      expect(readSigningMessage({ origin, data }, origin)).toBeUndefined();
  });

  it('closes the dialog when the window was closed, the bank accepted or the person cancelled', () => {
    expect(['closed', 'accepted', 'cancelled'].every((event) => isFinalSigningEvent(event as 'closed'))).toBe(
      true,
    );
    expect(isFinalSigningEvent('approved')).toBe(false);
    expect(isFinalSigningEvent('verified')).toBe(false);
  });
});

describe('telling the page that opened the signing', () => {
  it('posts the event to the opener, only to our own origin', () => {
    const postMessage = vi.fn();
    const told = tellOpener('accepted', { opener: { postMessage, closed: false }, location: { origin } });
    expect(told).toBe(true);
    expect(postMessage).toHaveBeenCalledWith({ source: 'bilag-signing', event: 'accepted' }, origin);
  });

  it('tells nobody when the signing ran in the same window or the opener is gone', () => {
    const postMessage = vi.fn();
    expect(tellOpener('accepted', { opener: null, location: { origin } })).toBe(false);
    expect(tellOpener('accepted', { opener: { postMessage, closed: true }, location: { origin } })).toBe(
      false,
    );
    expect(postMessage).not.toHaveBeenCalled();
  });
});

describe('ending the signing window', () => {
  it('tells the opener, then closes the window', () => {
    const postMessage = vi.fn();
    const close = vi.fn();
    const self = { opener: { postMessage, closed: false }, location: { origin }, close };
    expect(closeSigningWindow('cancelled', self)).toBe(true);
    expect(postMessage).toHaveBeenCalledWith({ source: 'bilag-signing', event: 'cancelled' }, origin);
    expect(close).toHaveBeenCalledTimes(1);
  });

  it('leaves a window that no page of ours opened open, for the page to lead on', () => {
    const close = vi.fn();
    expect(closeSigningWindow('accepted', { opener: null, location: { origin }, close })).toBe(false);
    expect(close).not.toHaveBeenCalled();
  });
});

describe('opening the signing', () => {
  it('opens a popup window named for the signing', () => {
    const popup = {} as Window;
    const open = vi.fn(() => popup);
    const assign = vi.fn();
    expect(openSigningWindow('https://bankid.example/a', { open, location: { assign } })).toBe(popup);
    expect(open).toHaveBeenCalledWith(
      'https://bankid.example/a',
      SIGNING_WINDOW_NAME,
      SIGNING_WINDOW_FEATURES,
    );
    expect(assign).not.toHaveBeenCalled();
  });

  it('goes there in the same window when the popup is blocked', () => {
    const assign = vi.fn();
    expect(
      openSigningWindow('https://bankid.example/a', { open: () => null, location: { assign } }),
    ).toBeNull();
    expect(assign).toHaveBeenCalledWith('https://bankid.example/a');
  });
});
