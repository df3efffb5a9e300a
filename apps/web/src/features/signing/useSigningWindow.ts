import { type RouteRequest, startSigning } from '@bilag/contracts';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../app/api/apiClient';
import { openSigningWindow, readSigningMessage, type SigningEvent } from './signing-messages';
import { saveSigningRequest } from './signing-request.storage';

/** How often the page looks whether the person closed the signing window without finishing. */
const CLOSED_CHECK_MS = 1000;

/**
 * The page side of a signing in its own window: starts the signing, keeps its ids for the return page,
 * opens the window and hears what the return pages report. `isWaiting` is true while the window is
 * open and has reported nothing; a window the person closes reports 'closed'.
 */
export function useSigningWindow(onEvent: (event: SigningEvent) => void) {
  const [isWaiting, setIsWaiting] = useState(false);
  const signingWindow = useRef<Window | null>(null);
  const latestOnEvent = useRef(onEvent);
  latestOnEvent.current = onEvent;

  useEffect(() => {
    function onMessage(message: MessageEvent) {
      const event = readSigningMessage(message, window.location.origin);
      if (!event) return;
      setIsWaiting(false);
      latestOnEvent.current(event);
    }
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  useEffect(() => {
    if (!isWaiting) return undefined;
    const timer = setInterval(() => {
      if (!signingWindow.current?.closed) return;
      signingWindow.current = null;
      setIsWaiting(false);
      latestOnEvent.current('closed');
    }, CLOSED_CHECK_MS);
    return () => clearInterval(timer);
  }, [isWaiting]);

  /** Opens a page of the signing (BankID, the bank's SCA page) in the signing window. */
  const openWindow = useCallback((url: string) => {
    signingWindow.current = openSigningWindow(url);
    setIsWaiting(signingWindow.current !== null);
  }, []);

  const start = useMutation({
    mutationFn: async (body: RouteRequest<typeof startSigning>['body']) =>
      (await api.call(startSigning, { body })).data,
    onSuccess: (started) => {
      saveSigningRequest({
        RequestID: started.RequestID,
        TrackingID: started.TrackingID,
        companyId: started.companyId,
        assignUser: started.assignUser,
      });
      openWindow(started.AuthenticationUrl);
    },
  });

  const focusWindow = useCallback(() => signingWindow.current?.focus(), []);

  return { start, openWindow, isWaiting, focusWindow };
}
