import { SIGNING_REQUEST_STORAGE_KEY } from '@bilag/contracts';
import { describe, expect, it } from 'vitest';
import { clearSigningRequest, readSigningRequest, saveSigningRequest } from './signing-request.storage';

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    values,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

const started = { RequestID: 'req-1', TrackingID: 'track-1', companyId: 7, assignUser: 12 };

describe('the signing kept between starting it and coming back', () => {
  it('reads back what was stored under the key the spec names', () => {
    const storage = memoryStorage();
    saveSigningRequest(started, storage);
    expect(JSON.parse(storage.values.get(SIGNING_REQUEST_STORAGE_KEY) ?? '')).toEqual(started);
    expect(readSigningRequest(storage)).toEqual(started);
  });

  it('keeps only the four fields of the record', () => {
    const storage = memoryStorage();
    saveSigningRequest(
      { ...started, AuthenticationUrl: 'https://bankid.example/x' } as typeof started,
      storage,
    );
    expect(readSigningRequest(storage)).toEqual(started);
  });

  it('has nothing when no signing was started', () => {
    expect(readSigningRequest(memoryStorage())).toBeUndefined();
  });

  it('drops a stored value that is not a signing record', () => {
    for (const stored of [
      'not json',
      '{"RequestID":"r"}',
      '{"RequestID":"r","TrackingID":"t","companyId":"7","assignUser":1}',
    ]) {
      const storage = memoryStorage({ [SIGNING_REQUEST_STORAGE_KEY]: stored });
      expect(readSigningRequest(storage)).toBeUndefined();
      expect(storage.values.has(SIGNING_REQUEST_STORAGE_KEY)).toBe(false);
    }
  });

  it('forgets the signing once it is used', () => {
    const storage = memoryStorage();
    saveSigningRequest(started, storage);
    clearSigningRequest(storage);
    expect(readSigningRequest(storage)).toBeUndefined();
  });
});
