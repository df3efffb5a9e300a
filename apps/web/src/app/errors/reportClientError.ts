import { insertLog } from '@bilag/contracts';
import { isLocalHost } from '../../ui/hosts';
import { sendRoute } from '../api/http';
import { currentSession } from '../session/session.store';

const reported = new WeakSet<object>();

function describeError(error: unknown): { message: string; stack: string | undefined } {
  if (error instanceof Error) return { message: `${error.name}: ${error.message}`, stack: error.stack };
  return { message: String(error), stack: undefined };
}

/**
 * Sends a render failure and the page it happened on to the server's log. A developer's own machine
 * is left out: its errors are in front of them already and would only fill the log.
 */
export async function reportClientError(error: unknown): Promise<void> {
  if (isLocalHost()) return;
  if (typeof error === 'object' && error !== null) {
    if (reported.has(error)) return;
    reported.add(error);
  }
  const { message, stack } = describeError(error);
  await sendRoute(
    insertLog,
    {
      body: {
        level: 'error',
        message: message.slice(0, 4000) || 'Unknown error',
        url: window.location.href.slice(0, 2000),
        stack: stack?.slice(0, 8000),
      },
    },
    currentSession()?.AccessToken,
  ).catch(() => undefined);
}
