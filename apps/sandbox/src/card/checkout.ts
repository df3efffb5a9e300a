import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { SandboxContext } from '../platform/context';
import { requestedFault } from '../platform/faults';
import {
  baseUrlOf,
  html,
  type Language,
  pickLanguage,
  type SafeHtml,
  sendPage,
  type Texts,
} from '../platform/pages';
import { formatMoney } from './money';
import {
  authenticationUrlOf,
  checkoutUrlOf,
  type PaymentIntents,
  returnUrlOf,
  type StoredIntent,
  secretsMatch,
} from './payment-intents';
import {
  brandOf,
  type CardOutcome,
  cardDigits,
  type DeclineCode,
  groupedCardNumber,
  LIVE_CARD_OUTCOME,
  passesLuhn,
  refusalText,
  TEST_CARDS,
  testCardByNumber,
} from './test-cards';

/**
 * The provider's hosted pages: the checkout a person pays on (reached by the intent's
 * checkout_url, which carries its client secret), and the card issuer's 3-D Secure page. Both send
 * the person back only to the return_url the API caller gave for the intent.
 */
const CHECKOUT_TEXTS: Texts<
  | 'party'
  | 'title'
  | 'paymentFor'
  | 'amount'
  | 'cardNumber'
  | 'expiry'
  | 'cvc'
  | 'cardholderName'
  | 'pay'
  | 'checkFields'
  | 'back'
  | 'testCards'
  | 'testCardsIntro'
  | 'number'
  | 'result'
  | 'otherLanguage'
  | 'cardNumberInvalid'
  | 'expiryInvalid'
  | 'expiryPassed'
  | 'cvcInvalid'
  | 'nameMissing'
  | 'paidTitle'
  | 'paidText'
  | 'processingTitle'
  | 'processingText'
  | 'canceledTitle'
  | 'canceledText'
  | 'continue'
  | 'invalidTitle'
  | 'invalidText'
> = {
  en: {
    party: 'Card payment',
    title: 'Pay by card',
    paymentFor: 'Payment for',
    amount: 'Amount',
    cardNumber: 'Card number',
    expiry: 'Expiry date (MM/YY)',
    cvc: 'Security code (CVC)',
    cardholderName: 'Name on the card',
    pay: 'Pay',
    checkFields: 'Check the fields marked below.',
    back: 'Back to the shop without paying',
    testCards: 'Test cards',
    testCardsIntro: 'Use any expiry date in the future, any three digits as the security code, and any name.',
    number: 'Card number',
    result: 'What happens',
    otherLanguage: 'Norsk',
    cardNumberInvalid: 'Enter a valid card number: 12 to 19 digits, with a correct check digit.',
    expiryInvalid: 'Enter the expiry date as MM/YY, for example 12/30.',
    expiryPassed: 'The expiry date has passed.',
    cvcInvalid: 'Enter the security code: the three digits on the back of the card.',
    nameMissing: 'Enter the name on the card (at most 100 characters).',
    paidTitle: 'Payment complete',
    paidText: 'This payment has been made.',
    processingTitle: 'Payment being processed',
    processingText: 'The card was accepted; the payment is completed in a moment.',
    canceledTitle: 'Payment canceled',
    canceledText: 'This payment was canceled. Nothing was charged.',
    continue: 'Back to the shop',
    invalidTitle: 'Payment link not valid',
    invalidText:
      'This payment link is not valid, or it has been changed. Start the payment again from the shop.',
  },
  no: {
    party: 'Kortbetaling',
    title: 'Betal med kort',
    paymentFor: 'Betaling for',
    amount: 'Beløp',
    cardNumber: 'Kortnummer',
    expiry: 'Utløpsdato (MM/ÅÅ)',
    cvc: 'Sikkerhetskode (CVC)',
    cardholderName: 'Navn på kortet',
    pay: 'Betal',
    checkFields: 'Sjekk feltene som er merket nedenfor.',
    back: 'Tilbake til butikken uten å betale',
    testCards: 'Testkort',
    testCardsIntro:
      'Bruk en hvilken som helst utløpsdato fram i tid, tre hvilke som helst sifre som sikkerhetskode og et hvilket som helst navn.',
    number: 'Kortnummer',
    result: 'Hva som skjer',
    otherLanguage: 'English',
    cardNumberInvalid: 'Skriv inn et gyldig kortnummer: 12 til 19 sifre, med riktig kontrollsiffer.',
    expiryInvalid: 'Skriv inn utløpsdatoen som MM/ÅÅ, for eksempel 12/30.',
    expiryPassed: 'Utløpsdatoen er passert.',
    cvcInvalid: 'Skriv inn sikkerhetskoden: de tre sifrene på baksiden av kortet.',
    nameMissing: 'Skriv inn navnet på kortet (høyst 100 tegn).',
    paidTitle: 'Betalingen er fullført',
    paidText: 'Denne betalingen er gjennomført.',
    processingTitle: 'Betalingen behandles',
    processingText: 'Kortet ble godtatt; betalingen fullføres om et øyeblikk.',
    canceledTitle: 'Betalingen er kansellert',
    canceledText: 'Denne betalingen ble kansellert. Ingenting ble trukket.',
    continue: 'Tilbake til butikken',
    invalidTitle: 'Betalingslenken er ikke gyldig',
    invalidText:
      'Denne betalingslenken er ikke gyldig, eller den er endret. Start betalingen på nytt fra butikken.',
  },
};

const OUTCOME_TEXTS: Texts<Exclude<CardOutcome['kind'], 'declined'> | DeclineCode> = {
  en: {
    succeeds: 'Paid at once',
    'settles-later': 'Paid after a few seconds of processing',
    'needs-authentication': 'Asks for 3-D Secure first, then paid or declined as you choose',
    generic_decline: 'Declined (card_declined, generic_decline)',
    insufficient_funds: 'Declined: insufficient funds (insufficient_funds)',
    expired_card: 'Declined: expired card (expired_card)',
    test_mode_live_card: 'Declined: not a test card (test_mode_live_card)',
  },
  no: {
    succeeds: 'Betalt med en gang',
    'settles-later': 'Betalt etter noen sekunders behandling',
    'needs-authentication': 'Ber om 3-D Secure først, så betalt eller avvist som du velger',
    generic_decline: 'Avvist (card_declined, generic_decline)',
    insufficient_funds: 'Avvist: ikke nok dekning (insufficient_funds)',
    expired_card: 'Avvist: utløpt kort (expired_card)',
    test_mode_live_card: 'Avvist: ikke et testkort (test_mode_live_card)',
  },
};

const AUTHENTICATION_TEXTS: Texts<
  | 'party'
  | 'title'
  | 'intro'
  | 'merchant'
  | 'amount'
  | 'card'
  | 'sandboxNote'
  | 'complete'
  | 'fail'
  | 'nothingTitle'
  | 'nothingText'
  | 'continue'
> = {
  en: {
    party: 'Card issuer · 3-D Secure',
    title: 'Confirm the payment',
    intro: 'Your card issuer asks you to confirm this card payment.',
    merchant: 'Payment for',
    amount: 'Amount',
    card: 'Card',
    sandboxNote: 'In the sandbox you choose how the confirmation ends.',
    complete: 'Complete authentication',
    fail: 'Fail authentication',
    nothingTitle: 'Nothing to confirm',
    nothingText: 'This payment is not waiting for a confirmation from the card issuer.',
    continue: 'Continue',
  },
  no: {
    party: 'Kortutsteder · 3-D Secure',
    title: 'Bekreft betalingen',
    intro: 'Kortutstederen din ber deg bekrefte denne kortbetalingen.',
    merchant: 'Betaling for',
    amount: 'Beløp',
    card: 'Kort',
    sandboxNote: 'I sandkassen velger du hvordan bekreftelsen ender.',
    complete: 'Fullfør autentiseringen',
    fail: 'La autentiseringen mislykkes',
    nothingTitle: 'Ingenting å bekrefte',
    nothingText: 'Denne betalingen venter ikke på en bekreftelse fra kortutstederen.',
    continue: 'Fortsett',
  },
};

const BRAND_NAMES = { visa: 'Visa', mastercard: 'Mastercard' } as const;

const PageQuery = z.object({
  client_secret: z.string().max(200).optional(),
  lang: z.string().max(10).optional(),
});
const IdParams = z.object({ id: z.string().max(100) });

/** What a person typed, cut beyond any card detail's length: refused as a field, shown back bounded. */
const Typed = z
  .string()
  .default('')
  .transform((text) => text.slice(0, 200));

const CheckoutForm = z.object({
  client_secret: z.string().max(200).default(''),
  card_number: Typed,
  expiry: Typed,
  cvc: Typed,
  cardholder_name: Typed,
});
type CheckoutFields = z.infer<typeof CheckoutForm>;

const AuthenticationForm = z.object({
  client_secret: z.string().max(200).default(''),
  outcome: z.enum(['complete', 'fail']),
});

type FieldName = 'card_number' | 'expiry' | 'cvc' | 'cardholder_name';
type FieldErrors = Partial<Record<FieldName, string>>;

/** ?lang= first, then the locale the intent was created with, then the browser's. */
function languageFor(request: FastifyRequest, intent: StoredIntent | undefined): Language {
  const asked = (request.query as { lang?: string } | undefined)?.lang;
  if (asked || !intent || intent.locale === 'auto') return pickLanguage(request);
  return intent.locale === 'nb' ? 'no' : 'en';
}

function withLanguage(url: string, language: Language): string {
  const withLang = new URL(url);
  withLang.searchParams.set('lang', language);
  return withLang.toString();
}

/**
 * Why the typed expiry cannot be used: not MM/YY, passed (a card is valid through its expiry month,
 * counted in the sandbox's today in Oslo), or further ahead than any card is issued for.
 */
function expiryProblem(typed: string, today: string, texts: (typeof CHECKOUT_TEXTS)[Language]) {
  const match = /^\s*(\d{2})\s*\/?\s*(\d{2})\s*$/.exec(typed);
  const month = Number(match?.[1]);
  const year = 2000 + Number(match?.[2]);
  if (!match || month < 1 || month > 12) return texts.expiryInvalid;
  const [thisYear = 0, thisMonth = 0] = today.split('-').map(Number);
  const monthsAhead = (year - thisYear) * 12 + (month - thisMonth);
  if (monthsAhead < 0) return texts.expiryPassed;
  if (monthsAhead > 20 * 12) return texts.expiryInvalid;
  return undefined;
}

function fieldErrorsOf(fields: CheckoutFields, today: string, language: Language): FieldErrors {
  const texts = CHECKOUT_TEXTS[language];
  const digits = cardDigits(fields.card_number);
  const errors: FieldErrors = {};
  if (!passesLuhn(digits)) errors.card_number = texts.cardNumberInvalid;
  const expiry = expiryProblem(fields.expiry, today, texts);
  if (expiry) errors.expiry = expiry;
  const cvcLength = /^3[47]/.test(digits) ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(fields.cvc.trim())) errors.cvc = texts.cvcInvalid;
  const name = fields.cardholder_name.trim();
  if (name === '' || name.length > 100) errors.cardholder_name = texts.nameMissing;
  return errors;
}

function summaryTable(
  intent: StoredIntent,
  language: Language,
  labels: { paymentFor: string; amount: string },
) {
  return html`<table><tbody>
${intent.description ? html`<tr><th scope="row">${labels.paymentFor}</th><td>${intent.description}</td></tr>` : ''}
<tr><th scope="row">${labels.amount}</th><td><strong>${formatMoney(intent.amount, intent.currency, language)}</strong></td></tr>
</tbody></table>`;
}

type FieldOptions = {
  name: FieldName;
  label: string;
  value: string;
  error: string | undefined;
  autocomplete: string;
  maxLength: number;
  numeric?: boolean;
  autofocus: boolean;
};

function field(options: FieldOptions): SafeHtml {
  const id = options.name.replaceAll('_', '-');
  const errorId = `${id}-error`;
  return html`<label for="${id}">${options.label}</label>
<input id="${id}" name="${options.name}" type="text" value="${options.value}" autocomplete="${options.autocomplete}" maxlength="${options.maxLength}"${options.numeric ? html` inputmode="numeric"` : ''} required${options.autofocus ? html` autofocus` : ''}${options.error ? html` aria-invalid="true" aria-describedby="${errorId}"` : ''}>
${options.error ? html`<p class="error" id="${errorId}">${options.error}</p>` : ''}`;
}

export function registerCheckoutPages(
  app: FastifyInstance,
  context: SandboxContext,
  intents: PaymentIntents,
) {
  /** 404 for a link to no payment (or with the wrong secret), 400 for a form no page of ours sent. */
  function sendInvalidLink(reply: FastifyReply, language: Language, status: 400 | 404 = 404) {
    const texts = CHECKOUT_TEXTS[language];
    return sendPage(
      reply,
      { language, party: texts.party, title: texts.invalidTitle, body: html`<p>${texts.invalidText}</p>` },
      status,
    );
  }

  /** The intent a page is about, only when the client secret from its link matches. */
  function intentFor(request: FastifyRequest, clientSecret: string | undefined): StoredIntent | undefined {
    const { id } = request.params as z.infer<typeof IdParams>;
    const intent = intents.find(id, baseUrlOf(request));
    if (!intent || !clientSecret || !secretsMatch(clientSecret, intent.clientSecret)) return undefined;
    return intent;
  }

  function sendCheckout(
    request: FastifyRequest,
    reply: FastifyReply,
    intent: StoredIntent,
    language: Language,
    entered: { fields?: CheckoutFields; errors?: FieldErrors } = {},
  ) {
    const texts = CHECKOUT_TEXTS[language];
    const checkoutUrl = checkoutUrlOf(intent, baseUrlOf(request));
    if (intent.status === 'requires_action') {
      return reply.redirect(withLanguage(authenticationUrlOf(intent, baseUrlOf(request)), language), 303);
    }
    if (intent.status !== 'requires_payment_method') {
      const [title, text, redirectStatus] =
        intent.status === 'succeeded'
          ? [texts.paidTitle, texts.paidText, 'succeeded' as const]
          : intent.status === 'processing'
            ? [texts.processingTitle, texts.processingText, 'processing' as const]
            : [texts.canceledTitle, texts.canceledText, 'canceled' as const];
      return sendPage(reply, {
        language,
        party: texts.party,
        title,
        body: html`${summaryTable(intent, language, texts)}
<p role="status">${text}</p>
<p><a class="button" href="${returnUrlOf(intent, redirectStatus)}" autofocus>${texts.continue}</a></p>`,
      });
    }
    const errors = entered.errors ?? {};
    const values = entered.fields;
    const firstInvalid = (['card_number', 'expiry', 'cvc', 'cardholder_name'] as const).find(
      (name) => errors[name],
    );
    const focused = firstInvalid ?? 'card_number';
    const refusal =
      !values && intent.lastPaymentError ? refusalText(intent.lastPaymentError, language) : undefined;
    const amount = formatMoney(intent.amount, intent.currency, language);
    const otherLanguage: Language = language === 'no' ? 'en' : 'no';
    const outcomeText = (outcome: CardOutcome) =>
      OUTCOME_TEXTS[language][outcome.kind === 'declined' ? outcome.declineCode : outcome.kind];
    return sendPage(
      reply,
      {
        language,
        party: texts.party,
        title: texts.title,
        body: html`${summaryTable(intent, language, texts)}
${refusal ? html`<p class="error" role="alert">${refusal}</p>` : ''}
${firstInvalid ? html`<p class="error" role="alert">${texts.checkFields}</p>` : ''}
<form method="post" action="${withLanguage(checkoutUrl, language)}">
<input type="hidden" name="client_secret" value="${intent.clientSecret}">
${field({ name: 'card_number', label: texts.cardNumber, value: values?.card_number ?? '', error: errors.card_number, autocomplete: 'cc-number', maxLength: 23, numeric: true, autofocus: focused === 'card_number' })}
${field({ name: 'expiry', label: texts.expiry, value: values?.expiry ?? '', error: errors.expiry, autocomplete: 'cc-exp', maxLength: 7, numeric: true, autofocus: focused === 'expiry' })}
${field({ name: 'cvc', label: texts.cvc, value: '', error: errors.cvc, autocomplete: 'cc-csc', maxLength: 4, numeric: true, autofocus: focused === 'cvc' })}
${field({ name: 'cardholder_name', label: texts.cardholderName, value: values?.cardholder_name ?? '', error: errors.cardholder_name, autocomplete: 'cc-name', maxLength: 100, autofocus: focused === 'cardholder_name' })}
<button class="primary" type="submit">${texts.pay} ${amount}</button>
</form>
<p><a href="${returnUrlOf(intent, 'canceled')}">${texts.back}</a></p>
<p><a href="${withLanguage(checkoutUrl, otherLanguage)}" lang="${otherLanguage === 'no' ? 'nb' : 'en'}">${texts.otherLanguage}</a></p>
<h2>${texts.testCards}</h2>
<p class="muted">${texts.testCardsIntro}</p>
<table><thead><tr><th scope="col">${texts.number}</th><th scope="col">${texts.result}</th></tr></thead><tbody>
${TEST_CARDS.map((card) => html`<tr><td><code>${groupedCardNumber(card.number)}</code></td><td>${outcomeText(card.outcome)}</td></tr>`)}
</tbody></table>`,
      },
      firstInvalid ? 400 : 200,
    );
  }

  app.get(
    '/card/checkout/:id',
    {
      schema: {
        tags: ['card'],
        summary: 'The hosted checkout page of a PaymentIntent (its checkout_url)',
        params: IdParams,
        querystring: PageQuery,
      },
    },
    async (request, reply) => {
      const query = request.query as z.infer<typeof PageQuery>;
      const intent = intentFor(request, query.client_secret);
      const language = languageFor(request, intent);
      if (!intent) return sendInvalidLink(reply, language);
      return sendCheckout(request, reply, intent, language);
    },
  );

  app.post(
    '/card/checkout/:id',
    {
      schema: {
        tags: ['card'],
        summary: 'Pay on the hosted checkout (the page’s form)',
        description:
          'A decline shows the error on the checkout page, where the person may try another card; a payment ' +
          'sends the person to return_url with payment_intent, payment_intent_client_secret and ' +
          'redirect_status=succeeded (or processing). "Back to the shop" sends redirect_status=canceled and ' +
          'leaves the intent open, for the shop to cancel or offer again.',
        params: IdParams,
        querystring: PageQuery,
      },
    },
    async (request, reply) => {
      const form = CheckoutForm.safeParse(request.body ?? {});
      const intent = intentFor(request, form.success ? form.data.client_secret : undefined);
      const language = languageFor(request, intent);
      if (!form.success) return sendInvalidLink(reply, language, 400);
      if (!intent) return sendInvalidLink(reply, language);
      if (!intents.acceptsCard(intent)) return sendCheckout(request, reply, intent, language);
      const errors = fieldErrorsOf(form.data, context.clock.today(), language);
      if (Object.keys(errors).length > 0) {
        return sendCheckout(request, reply, intent, language, { fields: form.data, errors });
      }
      const digits = cardDigits(form.data.card_number);
      const testCard = testCardByNumber(digits);
      const outcome: CardOutcome =
        requestedFault(request)?.name === 'card-declined'
          ? { kind: 'declined', declineCode: 'generic_decline' }
          : (testCard?.outcome ?? LIVE_CARD_OUTCOME);
      const baseUrl = baseUrlOf(request);
      const result = intents.attempt(
        intent,
        { brand: testCard?.brand ?? brandOf(digits), last4: digits.slice(-4), outcome },
        'checkout',
        baseUrl,
      );
      const next =
        result === 'succeeded' || result === 'processing'
          ? returnUrlOf(intent, result)
          : result === 'requires_action'
            ? withLanguage(authenticationUrlOf(intent, baseUrl), language)
            : withLanguage(checkoutUrlOf(intent, baseUrl), language);
      return reply.header('cache-control', 'no-store').redirect(next, 303);
    },
  );

  app.get(
    '/card/authenticate/:id',
    {
      schema: {
        tags: ['card'],
        summary: 'The card issuer’s 3-D Secure page (next_action.redirect_to_url.url)',
        params: IdParams,
        querystring: PageQuery,
      },
    },
    async (request, reply) => {
      const query = request.query as z.infer<typeof PageQuery>;
      const intent = intentFor(request, query.client_secret);
      const language = languageFor(request, intent);
      if (!intent) return sendInvalidLink(reply, language);
      const texts = AUTHENTICATION_TEXTS[language];
      const pending = intent.status === 'requires_action' ? intent.pendingAuthentication : null;
      if (!pending) {
        return sendPage(reply, {
          language,
          party: texts.party,
          title: texts.nothingTitle,
          body: html`<p>${texts.nothingText}</p>
<p><a class="button" href="${withLanguage(checkoutUrlOf(intent, baseUrlOf(request)), language)}" autofocus>${texts.continue}</a></p>`,
        });
      }
      const card = pending.paymentMethod;
      return sendPage(reply, {
        language,
        party: texts.party,
        title: texts.title,
        body: html`<p>${texts.intro}</p>
<table><tbody>
${intent.description ? html`<tr><th scope="row">${texts.merchant}</th><td>${intent.description}</td></tr>` : ''}
<tr><th scope="row">${texts.amount}</th><td><strong>${formatMoney(intent.amount, intent.currency, language)}</strong></td></tr>
<tr><th scope="row">${texts.card}</th><td>${BRAND_NAMES[card.brand]} •••• ${card.last4}</td></tr>
</tbody></table>
<p class="muted">${texts.sandboxNote}</p>
<form method="post" action="${withLanguage(authenticationUrlOf(intent, baseUrlOf(request)), language)}">
<input type="hidden" name="client_secret" value="${intent.clientSecret}">
<button class="primary" type="submit" name="outcome" value="complete" autofocus>${texts.complete}</button>
<button class="danger" type="submit" name="outcome" value="fail">${texts.fail}</button>
</form>`,
      });
    },
  );

  app.post(
    '/card/authenticate/:id',
    {
      schema: {
        tags: ['card'],
        summary: 'Answer the 3-D Secure page (outcome=complete | fail)',
        description:
          'Completed: paid, and the person goes to return_url with redirect_status=succeeded. Failed: the intent ' +
          'is declined (payment_intent_authentication_failure); a payment begun on the hosted checkout goes back ' +
          'to it to try another card, one begun by a server-side confirm goes to return_url with redirect_status=failed.',
        params: IdParams,
        querystring: PageQuery,
      },
    },
    async (request, reply) => {
      const form = AuthenticationForm.safeParse(request.body ?? {});
      const intent = intentFor(request, form.success ? form.data.client_secret : undefined);
      const language = languageFor(request, intent);
      if (!form.success) return sendInvalidLink(reply, language, 400);
      if (!intent) return sendInvalidLink(reply, language);
      const baseUrl = baseUrlOf(request);
      const startedFrom = intent.pendingAuthentication?.startedFrom;
      const result = intents.authenticate(intent, form.data.outcome === 'complete', baseUrl);
      const backToCheckout = withLanguage(checkoutUrlOf(intent, baseUrl), language);
      const next =
        result === 'succeeded'
          ? returnUrlOf(intent, 'succeeded')
          : result === 'declined' && startedFrom === 'confirm'
            ? returnUrlOf(intent, 'failed')
            : backToCheckout;
      return reply.header('cache-control', 'no-store').redirect(next, 303);
    },
  );
}
