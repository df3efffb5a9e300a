import { randomUUID } from 'node:crypto';
import { mailboxOf } from '../mail/mailbox';
import { readReceivedMail } from '../mail/receive';
import type { SandboxContext } from '../platform/context';
import type { Language, Texts } from '../platform/pages';
import { formatMoney } from './money';
import type { StoredIntent } from './payment-intents';

/** Who the provider's receipts come from. */
export const RECEIPT_SENDER = 'receipts@card.sandbox.test';

const RECEIPT_TEXTS: Texts<'subject' | 'heading' | 'paid' | 'for' | 'card' | 'payment' | 'date'> = {
  en: {
    subject: 'Your receipt',
    heading: 'Receipt for your card payment',
    paid: 'Paid',
    for: 'For',
    card: 'Card',
    payment: 'Payment',
    date: 'Date',
  },
  no: {
    subject: 'Kvittering',
    heading: 'Kvittering for kortbetalingen din',
    paid: 'Betalt',
    for: 'Gjelder',
    card: 'Kort',
    payment: 'Betaling',
    date: 'Dato',
  },
};

const BRAND_NAMES = { visa: 'Visa', mastercard: 'Mastercard' } as const;

/** A header value outside ASCII, as RFC 2047 writes it. */
function encodedWord(text: string): string {
  return `=?UTF-8?B?${Buffer.from(text, 'utf8').toString('base64')}?=`;
}

/**
 * The provider's receipt for a paid intent with a receipt_email, as card providers send one: a plain
 * text mail in the intent's checkout language. In the sandbox it goes straight into the mail catcher,
 * where a test or a person reads it as any other mail.
 */
export async function sendCardReceipt(context: SandboxContext, intent: StoredIntent): Promise<void> {
  if (!intent.receiptEmail) return;
  const language: Language = intent.locale === 'nb' ? 'no' : 'en';
  const texts = RECEIPT_TEXTS[language];
  const card = intent.paymentMethod;
  const sentAt = context.clock.now();
  const lines = [
    texts.heading,
    '',
    `${texts.paid}: ${formatMoney(intent.amount, intent.currency, language)}`,
    ...(intent.description ? [`${texts.for}: ${intent.description}`] : []),
    ...(card ? [`${texts.card}: ${BRAND_NAMES[card.brand]} •••• ${card.last4}`] : []),
    `${texts.payment}: ${intent.id}`,
    `${texts.date}: ${sentAt.toISOString()}`,
  ];
  const subject = intent.description ? `${texts.subject}: ${intent.description}` : texts.subject;
  const raw = [
    `From: ${RECEIPT_SENDER}`,
    `To: ${intent.receiptEmail}`,
    `Subject: ${encodedWord(subject)}`,
    `Date: ${sentAt.toUTCString()}`,
    `Message-ID: <${intent.id}.receipt@card.sandbox.test>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: base64',
    '',
    Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8')
      .toString('base64')
      .replace(/.{1,76}/g, '$&\r\n'),
  ].join('\r\n');
  const mail = await readReceivedMail(
    Buffer.from(raw, 'utf8'),
    { from: RECEIPT_SENDER, to: [intent.receiptEmail] },
    { id: randomUUID(), receivedAt: sentAt.toISOString(), authenticatedAs: null },
  );
  mailboxOf(context).add(mail);
}
