import { describe, expect, it } from 'vitest';
import { matchMentionUsers } from './mention.match';

const users = [
  { id: 1, fullName: 'Ola Ansatt', email: 'ansatt@demo.no' },
  { id: 2, fullName: 'Kari Regnskap', email: 'regnskap@demo.no' },
  { id: 3, fullName: 'Anne Admin', email: 'admin@demo.no' },
  { id: 4, fullName: 'Øystein Karlsen', email: 'oystein@demo.no' },
];

describe('the people a mention offers', () => {
  it('offers everyone in name order before anything is typed', () => {
    expect(matchMentionUsers(users, '').map((user) => user.id)).toEqual([3, 2, 1, 4]);
  });

  it('matches any part of the name or the address, whatever the case, names starting with it first', () => {
    expect(matchMentionUsers(users, 'KAR').map((user) => user.id)).toEqual([2, 4]);
    expect(matchMentionUsers(users, 'arl').map((user) => user.id)).toEqual([4]);
    expect(matchMentionUsers(users, 'regnskap@').map((user) => user.id)).toEqual([2]);
    expect(matchMentionUsers(users, 'øy').map((user) => user.id)).toEqual([4]);
  });

  it('offers nobody when nothing matches, and at most eight people', () => {
    expect(matchMentionUsers(users, 'zz')).toEqual([]);
    const many = Array.from({ length: 12 }, (_, index) => ({
      id: index + 1,
      fullName: `Person ${index + 1}`,
      email: `p${index + 1}@demo.no`,
    }));
    expect(matchMentionUsers(many, 'person')).toHaveLength(8);
  });
});
