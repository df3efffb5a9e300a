import { describe, expect, it } from 'vitest';
import { createRecordKey, isSealedRecord, openRecord, sealRecord } from './session.crypto';

const record = JSON.stringify({
  AccessToken: 'header.payload.signature',
  RefreshToken: 'opaque-refresh-token',
});

describe('the sealed session record', () => {
  it('reads as nothing but ciphertext, differs at every write, and opens with its own key', async () => {
    const key = await createRecordKey();
    const first = await sealRecord(key, record);
    const second = await sealRecord(key, record);

    expect(isSealedRecord(first)).toBe(true);
    expect(first).not.toContain('AccessToken');
    expect(first).not.toContain('opaque-refresh-token');
    expect(first).not.toBe(second);
    expect(await openRecord(key, first)).toBe(record);
    expect(key.extractable).toBe(false);
  });

  it('does not open under another key, nor once altered, nor when it is not sealed at all', async () => {
    const key = await createRecordKey();
    const sealed = await sealRecord(key, record);
    const flipped = `${sealed.slice(0, -6)}${sealed.slice(-6) === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA'}`;

    expect(await openRecord(await createRecordKey(), sealed)).toBeNull();
    expect(await openRecord(key, flipped)).toBeNull();
    expect(await openRecord(key, record)).toBeNull();
    expect(await openRecord(key, 'aes-gcm.v1.not-base64!.x')).toBeNull();
  });
});
