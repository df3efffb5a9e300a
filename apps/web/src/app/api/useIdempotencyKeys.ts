import { useMemo, useRef } from 'react';

/**
 * Idempotency keys per action a person takes. The same request sent again before it has succeeded (a
 * retry after a lost answer or a double click) gets the same key, so the server acts on it once; once it
 * has succeeded, the same request again is a new action with a new key.
 */
export function useIdempotencyKeys() {
  const keys = useRef(new Map<string, string>());
  return useMemo(
    () => ({
      keyFor(request: unknown): string {
        const action = JSON.stringify(request);
        const existing = keys.current.get(action);
        if (existing) return existing;
        const key = crypto.randomUUID();
        keys.current.set(action, key);
        return key;
      },
      release(request: unknown) {
        keys.current.delete(JSON.stringify(request));
      },
    }),
    [],
  );
}
