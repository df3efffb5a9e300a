import { describe, expect, it } from 'vitest';
import { readInvitationToken } from './invitation.link';

describe('the secret of an invitation link', () => {
  const token = 'aB3-_'.repeat(8).concat('xyz');

  it('is read from after the # of the address', () => {
    expect(token).toHaveLength(43);
    expect(readInvitationToken(`#${token}`)).toBe(token);
  });

  it('is nothing when the link is cut short, empty or altered', () => {
    expect(readInvitationToken('')).toBeUndefined();
    expect(readInvitationToken(`#${token.slice(0, 40)}`)).toBeUndefined();
    expect(readInvitationToken(`#${token}%20`)).toBeUndefined();
  });
});
