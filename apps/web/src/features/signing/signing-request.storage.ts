import { SIGNING_REQUEST_STORAGE_KEY, TemporarySigningRequest } from '@bilag/contracts';

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * The signing this browser started, kept between starting it and the provider sending the person back
 * to /sign-next, which may be another window of the same browser (the popup) or this one after a
 * redirect. localStorage rather than sessionStorage, because a popup has a session storage of its own.
 */
export function saveSigningRequest(
  request: TemporarySigningRequest,
  storage: KeyValueStorage = localStorage,
): void {
  storage.setItem(SIGNING_REQUEST_STORAGE_KEY, JSON.stringify(TemporarySigningRequest.parse(request)));
}

/** The stored signing, or undefined when there is none or what is stored is not one (then it is dropped). */
export function readSigningRequest(
  storage: KeyValueStorage = localStorage,
): TemporarySigningRequest | undefined {
  const text = storage.getItem(SIGNING_REQUEST_STORAGE_KEY);
  if (text === null) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  const request = TemporarySigningRequest.safeParse(parsed);
  if (request.success) return request.data;
  storage.removeItem(SIGNING_REQUEST_STORAGE_KEY);
  return undefined;
}

/** A signing is used once: after its result, or when the person cancelled it. */
export function clearSigningRequest(storage: KeyValueStorage = localStorage): void {
  storage.removeItem(SIGNING_REQUEST_STORAGE_KEY);
}
