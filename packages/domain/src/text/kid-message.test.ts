import { describe, expect, it } from 'vitest';
import { KID_MESSAGE_MAX_LENGTH, truncateKidMessage } from './kid-message';

describe('truncateKidMessage', () => {
  it('leaves a message of up to 140 characters as it is', () => {
    const message = 'Faktura 2025-117, takk for handelen! '.repeat(3).slice(0, 140);
    expect(truncateKidMessage(message)).toBe(message);
    expect(KID_MESSAGE_MAX_LENGTH).toBe(140);
  });

  it('cuts a longer message to 140 characters', () => {
    const message = 'æøå'.repeat(100);
    const cut = truncateKidMessage(message);
    expect([...cut]).toHaveLength(140);
    expect(message.startsWith(cut)).toBe(true);
  });

  it('counts characters, not UTF-16 units, and never splits one', () => {
    const message = '💸'.repeat(150);
    const cut = truncateKidMessage(message);
    expect([...cut]).toHaveLength(140);
    expect(cut).toBe('💸'.repeat(140));
  });

  it('keeps an accent with its letter rather than leaving half a character', () => {
    const message = `${'a'.repeat(139)}e\u0301`;
    expect(truncateKidMessage(message)).toBe('a'.repeat(139));
  });

  it('accepts a shorter limit', () => {
    expect(truncateKidMessage('Husleie mars', 7)).toBe('Husleie');
  });
});
