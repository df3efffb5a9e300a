import { describe, expect, it } from 'vitest';
import { readConsentScaQuery, sameSitePath } from './consent-sca-query';

const origin = 'https://bilag.example';
const instructionId = 'a1B2c3D4e5F6g7H8-_xyz';

function read(search: string) {
  return readConsentScaQuery(new URLSearchParams(search), origin);
}

describe('readConsentScaQuery', () => {
  it('reads status or sca, and the instruction the bank sent back', () => {
    expect(read(`status=success&instructionId=${instructionId}`)).toEqual({
      instructionId,
      scaStatus: 'success',
      isRejection: false,
      redirectPath: undefined,
    });
    expect(read(`sca=finalised&instructionId=${instructionId}`).scaStatus).toBe('finalised');
  });

  it('takes a cancel, a failure or a rejection as the person not approving', () => {
    for (const status of ['rejected', 'cancel', 'cancelled', 'canceled', 'failed', 'Failed', 'nok']) {
      expect(read(`status=${status}&instructionId=${instructionId}`).isRejection).toBe(true);
    }
    expect(read(`instructionId=${instructionId}`).isRejection).toBe(false);
  });

  it('drops an instruction id that is not one of ours', () => {
    expect(read('status=success&instructionId=4711').instructionId).toBeUndefined();
    expect(
      read('status=success&instructionId=<script>alert(1)</script>xxxxxxxx').instructionId,
    ).toBeUndefined();
    expect(read('').instructionId).toBeUndefined();
  });

  it('prefers redirect-url over pathname, and refuses another site for either', () => {
    expect(read('redirect-url=/a/consent&pathname=/b').redirectPath).toBe('/a/consent');
    expect(read('pathname=/b/consent?x=1').redirectPath).toBe('/b/consent?x=1');
    expect(read('redirect-url=https://evil.example/x&pathname=/b').redirectPath).toBe('/b');
    expect(read('redirect-url=//evil.example/x').redirectPath).toBeUndefined();
  });
});

describe('sameSitePath', () => {
  it('reads a full address of our own origin as its path', () => {
    expect(sameSitePath(`${origin}/nordlys-bakeri/consent#top`, origin)).toBe('/nordlys-bakeri/consent#top');
    expect(sameSitePath('https://bilag.example.evil.com/x', origin)).toBeUndefined();
    expect(sameSitePath('javascript:alert(1)', origin)).toBeUndefined();
    expect(sameSitePath('/\\evil.example', origin)).toBeUndefined();
    expect(sameSitePath(null, origin)).toBeUndefined();
  });
});
