import { LANGUAGE_HEADER, type LiveEvent, openLiveUpdates } from '@bilag/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { routeUrl } from '../../app/api/http';
import { currentSession } from '../../app/session/session.store';
import { readStoredLanguage } from '../../i18n/language';
import { inboxKeys } from '../inbox';
import { readEventFrames, retryDelay } from './live-events';
import { notificationKeys } from './notification.queries';

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * Opens the stream once and reads it until it ends. EventSource cannot send the bearer header the API
 * is protected by, so the stream is read with fetch, which can, and no token ever goes in a URL.
 */
async function readStream(
  companyId: number,
  signal: AbortSignal,
  onOpen: () => void,
  onEvent: (event: LiveEvent) => void,
) {
  const session = currentSession();
  if (!session) return;
  const response = await fetch(routeUrl(openLiveUpdates, { query: { companyId } }), {
    headers: { Authorization: `Bearer ${session.AccessToken}`, [LANGUAGE_HEADER]: readStoredLanguage() },
    signal,
  });
  if (!response.ok || !response.body) throw new Error(`The live stream answered ${response.status}`);
  onOpen();
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    const { events, rest } = readEventFrames(buffered + value);
    buffered = rest;
    for (const event of events) onEvent(event);
  }
}

/**
 * Keeps the notification panel and the inbox of the company current: each event from the server's live
 * stream refreshes what it names. A dropped stream is opened again with back-off, and what may have been
 * missed meanwhile is read afresh once it is back.
 */
export function useLiveUpdates(companyId: number) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const controller = new AbortController();
    const refresh = (topic: LiveEvent['topic']) =>
      void queryClient.invalidateQueries({
        queryKey: topic === 'inbox' ? inboxKeys.company(companyId) : notificationKeys.company(companyId),
      });
    async function follow() {
      let attempt = 0;
      let hasBeenOpen = false;
      while (!controller.signal.aborted) {
        try {
          await readStream(
            companyId,
            controller.signal,
            () => {
              if (hasBeenOpen) for (const topic of ['notifications', 'inbox'] as const) refresh(topic);
              hasBeenOpen = true;
              attempt = 0;
            },
            (event) => refresh(event.topic),
          );
        } catch {
          // Reconnected below; a refusal (an expired token) is retried with the token renewed meanwhile.
        }
        if (controller.signal.aborted) return;
        await wait(retryDelay(attempt), controller.signal);
        attempt += 1;
      }
    }
    void follow();
    return () => controller.abort();
  }, [companyId, queryClient]);
}
