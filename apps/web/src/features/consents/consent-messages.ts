import { ConsentPageState, type ConsentPageStateId } from '@bilag/contracts';

/**
 * The consent's approval at the bank may run inside the mobile app's web view, or in a window a page of
 * ours opened. Either is told when the flow has ended, as the signing window tells the page that opened
 * it (features/signing): a message naming its source and the outcome. react-native-webview gives the
 * page `window.ReactNativeWebView.postMessage`, which takes a string; an opener of this app's origin
 * gets the object, addressed to our origin only, so a page of another site that opened this one learns
 * nothing.
 */
export const CONSENT_MESSAGE_SOURCE = 'bilag-consent';

export type ConsentFlowOutcome = 'accepted' | 'rejected';

export type ConsentFlowMessage = {
  source: typeof CONSENT_MESSAGE_SOURCE;
  event: ConsentFlowOutcome;
  consentId: number | null;
};

type MessageTarget = { postMessage: (message: string) => void };
type OpenerTarget = { postMessage: (message: unknown, targetOrigin: string) => void; closed: boolean };

export type WindowOfConsentFlow = {
  ReactNativeWebView?: unknown;
  opener: unknown;
  location: { origin: string };
};

function webViewOf(self: WindowOfConsentFlow): MessageTarget | undefined {
  const view = self.ReactNativeWebView;
  if (typeof view !== 'object' || view === null || !('postMessage' in view)) return undefined;
  return typeof view.postMessage === 'function' ? (view as MessageTarget) : undefined;
}

function openerOf(self: WindowOfConsentFlow): OpenerTarget | undefined {
  const { opener } = self;
  if (typeof opener !== 'object' || opener === null || !('postMessage' in opener)) return undefined;
  const target = opener as OpenerTarget;
  return target.closed ? undefined : target;
}

/** The outcome a final page state stands for; a pending consent has not ended its flow. */
export function consentFlowOutcome(state: ConsentPageStateId): ConsentFlowOutcome | undefined {
  if (state === ConsentPageState.accepted) return 'accepted';
  if (state === ConsentPageState.rejected) return 'rejected';
  return undefined;
}

/** Tells whoever hosts the flow that it has ended; false when nothing hosts it (an ordinary tab). */
export function tellConsentFlowEnded(
  outcome: ConsentFlowOutcome,
  consentId: number | null,
  self: WindowOfConsentFlow = window,
): boolean {
  const message: ConsentFlowMessage = { source: CONSENT_MESSAGE_SOURCE, event: outcome, consentId };
  const webView = webViewOf(self);
  const opener = openerOf(self);
  webView?.postMessage(JSON.stringify(message));
  opener?.postMessage(message, self.location.origin);
  return webView !== undefined || opener !== undefined;
}
