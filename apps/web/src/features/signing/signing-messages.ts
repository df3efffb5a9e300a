/**
 * The signing runs in a window of its own (BankID, then the bank's SCA page, then our return pages),
 * opened by the page that started it. The return pages tell that page what happened with
 * window.opener.postMessage, so it can close its dialog and refresh; both sides are this app's origin.
 */
export const SIGNING_MESSAGE_SOURCE = 'bilag-signing';
export const SIGNING_WINDOW_NAME = 'bilag-signing';
export const SIGNING_WINDOW_FEATURES = 'popup,width=520,height=720';

export const SIGNING_EVENTS = ['closed', 'accepted', 'cancelled', 'approved', 'verified'] as const;
/**
 * - `closed`: the window was closed without a result;
 * - `accepted`: the bank accepted the payments;
 * - `cancelled`: the person cancelled the signing (and, for a basket, its payments);
 * - `approved`: the person's signature on a basket is recorded, another person must sign too;
 * - `verified`: the person's accounts were checked with the bank authorisation service.
 */
export type SigningEvent = (typeof SIGNING_EVENTS)[number];

export type SigningMessage = { source: typeof SIGNING_MESSAGE_SOURCE; event: SigningEvent };

function isSigningEvent(value: unknown): value is SigningEvent {
  return typeof value === 'string' && (SIGNING_EVENTS as readonly string[]).includes(value);
}

/**
 * The signing event a message carries, or undefined for any other message: from another origin (any
 * site may post to a window), from another sender in this app, or of a shape we do not send.
 */
export function readSigningMessage(
  message: { origin: string; data: unknown },
  ownOrigin: string,
): SigningEvent | undefined {
  if (message.origin !== ownOrigin) return undefined;
  const { data } = message;
  if (typeof data !== 'object' || data === null) return undefined;
  const { source, event } = data as Record<string, unknown>;
  return source === SIGNING_MESSAGE_SOURCE && isSigningEvent(event) ? event : undefined;
}

/** These end the signing for the page that opened it: its dialog closes. */
export function isFinalSigningEvent(event: SigningEvent): boolean {
  return event === 'closed' || event === 'accepted' || event === 'cancelled';
}

type WindowOfSigning = {
  opener: unknown;
  location: { origin: string };
};

function openerOf(self: WindowOfSigning): Pick<Window, 'postMessage' | 'closed'> | undefined {
  const { opener } = self;
  if (typeof opener !== 'object' || opener === null || !('postMessage' in opener)) return undefined;
  const window = opener as Pick<Window, 'postMessage' | 'closed'>;
  return window.closed ? undefined : window;
}

/**
 * Tells the page that opened this window what happened; false when there is none (the popup was
 * blocked and the signing ran in the same window). The target origin is ours, so a page of another
 * site that opened this one learns nothing.
 */
export function tellOpener(event: SigningEvent, self: WindowOfSigning = window): boolean {
  const opener = openerOf(self);
  if (!opener) return false;
  const message: SigningMessage = { source: SIGNING_MESSAGE_SOURCE, event };
  opener.postMessage(message, self.location.origin);
  return true;
}

/**
 * Ends the signing window: tells the page that opened it, then closes it. False when no page of ours
 * opened it (the signing ran in the same window); the page then leads the person on itself.
 */
export function closeSigningWindow(
  event: SigningEvent,
  self: WindowOfSigning & Pick<Window, 'close'> = window,
): boolean {
  if (!tellOpener(event, self)) return false;
  self.close();
  return true;
}

/** Whether this page runs in the signing window a page of ours opened. */
export function hasSigningOpener(self: WindowOfSigning = window): boolean {
  return openerOf(self) !== undefined;
}

/**
 * Opens the signing in its window, or, where the browser blocks the popup, goes there in this one
 * (the return pages then find no opener and lead back themselves).
 */
export function openSigningWindow(
  url: string,
  self: Pick<Window, 'open'> & { location: Pick<Location, 'assign'> } = window,
): Window | null {
  const popup = self.open(url, SIGNING_WINDOW_NAME, SIGNING_WINDOW_FEATURES);
  if (popup) return popup;
  self.location.assign(url);
  return null;
}
