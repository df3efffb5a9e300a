import { luhnCheckDigit } from '@bilag/domain';
import type { Language, Texts } from '../platform/pages';

/**
 * The card provider's test cards. Each can be typed into the hosted checkout by its number, or
 * given to a server-side confirm by its test payment method, and always ends the same way, so a
 * test or a demo can choose how a payment goes.
 */
export type DeclineCode = 'generic_decline' | 'insufficient_funds' | 'expired_card' | 'test_mode_live_card';

export type CardOutcome =
  | { kind: 'succeeds' }
  /** Paid, but only after a short while in `processing`, as a slow acquirer does it. */
  | { kind: 'settles-later' }
  /** The issuer asks for 3-D Secure before it decides. */
  | { kind: 'needs-authentication' }
  | { kind: 'declined'; declineCode: DeclineCode };

export type CardBrand = 'visa' | 'mastercard';

export type TestCard = {
  number: string;
  paymentMethod: string;
  brand: CardBrand;
  outcome: CardOutcome;
};

export const TEST_CARDS: readonly TestCard[] = [
  { number: '4242424242424242', paymentMethod: 'pm_card_visa', brand: 'visa', outcome: { kind: 'succeeds' } },
  {
    number: '5555555555554444',
    paymentMethod: 'pm_card_mastercard',
    brand: 'mastercard',
    outcome: { kind: 'succeeds' },
  },
  {
    number: '4000000000000002',
    paymentMethod: 'pm_card_chargeDeclined',
    brand: 'visa',
    outcome: { kind: 'declined', declineCode: 'generic_decline' },
  },
  {
    number: '4000000000009995',
    paymentMethod: 'pm_card_chargeDeclinedInsufficientFunds',
    brand: 'visa',
    outcome: { kind: 'declined', declineCode: 'insufficient_funds' },
  },
  {
    number: '4000000000000069',
    paymentMethod: 'pm_card_chargeDeclinedExpiredCard',
    brand: 'visa',
    outcome: { kind: 'declined', declineCode: 'expired_card' },
  },
  {
    number: '4000002500003155',
    paymentMethod: 'pm_card_threeDSecureRequired',
    brand: 'visa',
    outcome: { kind: 'needs-authentication' },
  },
  {
    number: '4000000000001257',
    paymentMethod: 'pm_card_settlesLater',
    brand: 'visa',
    outcome: { kind: 'settles-later' },
  },
];

/** The outcome any other valid card number gets: the sandbox takes test cards only. */
export const LIVE_CARD_OUTCOME: CardOutcome = { kind: 'declined', declineCode: 'test_mode_live_card' };

export function testCardByNumber(number: string): TestCard | undefined {
  return TEST_CARDS.find((card) => card.number === number);
}

export function testCardByPaymentMethod(paymentMethod: string): TestCard | undefined {
  return TEST_CARDS.find((card) => card.paymentMethod === paymentMethod);
}

/** The digits of a card number as people type it, with spaces or dashes between groups. */
export function cardDigits(typed: string): string {
  return typed.replace(/[\s-]/g, '');
}

export function passesLuhn(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  return luhnCheckDigit(digits.slice(0, -1)) === Number(digits.slice(-1));
}

/** The brand by the card number's first digits; the sandbox knows the two its test cards have. */
export function brandOf(digits: string): CardBrand {
  return /^(5[1-5]|2[2-7])/.test(digits) ? 'mastercard' : 'visa';
}

/** `1234 5678 9012 3456`, for the list of test cards. */
export function groupedCardNumber(number: string): string {
  return number.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * The error a refusal carries in the API, as the PaymentIntents protocol has it: `code` says what
 * kind of refusal, `decline_code` the issuer's reason; `message` is the party's own (English) text.
 */
export type CardRefusal = {
  code: 'card_declined' | 'expired_card' | 'payment_intent_authentication_failure';
  declineCode?: DeclineCode;
  message: string;
};

export function refusalOfDecline(declineCode: DeclineCode): CardRefusal {
  switch (declineCode) {
    case 'insufficient_funds':
      return { code: 'card_declined', declineCode, message: 'The card has insufficient funds.' };
    case 'expired_card':
      return { code: 'expired_card', declineCode, message: 'The card has expired.' };
    case 'test_mode_live_card':
      return {
        code: 'card_declined',
        declineCode,
        message: 'The card was declined: this is a test account, and only the test cards can be used.',
      };
    default:
      return { code: 'card_declined', declineCode, message: 'The card was declined.' };
  }
}

export const AUTHENTICATION_FAILED: CardRefusal = {
  code: 'payment_intent_authentication_failure',
  message: 'The card could not be authenticated (3-D Secure). Choose another card and try again.',
};

/** What the hosted checkout tells the person about a refusal, in their language. */
export function refusalText(refusal: Pick<CardRefusal, 'code' | 'declineCode'>, language: Language): string {
  const texts = REFUSAL_TEXTS[language];
  if (refusal.code === 'payment_intent_authentication_failure') return texts.authentication;
  return texts[refusal.declineCode ?? 'generic_decline'];
}

const REFUSAL_TEXTS: Texts<DeclineCode | 'authentication'> = {
  en: {
    generic_decline: 'The card was declined. Try another card.',
    insufficient_funds: 'The card has insufficient funds. Try another card.',
    expired_card: 'The card has expired. Try another card.',
    test_mode_live_card: 'The card was declined: only the test cards below can be used in the sandbox.',
    authentication:
      'The payment was not confirmed with the card issuer (3-D Secure). Try again or use another card.',
  },
  no: {
    generic_decline: 'Kortet ble avvist. Prøv et annet kort.',
    insufficient_funds: 'Det er ikke nok dekning på kortet. Prøv et annet kort.',
    expired_card: 'Kortet er utløpt. Prøv et annet kort.',
    test_mode_live_card: 'Kortet ble avvist: bare testkortene nedenfor kan brukes i sandkassen.',
    authentication:
      'Betalingen ble ikke bekreftet hos kortutstederen (3-D Secure). Prøv igjen eller bruk et annet kort.',
  },
};
