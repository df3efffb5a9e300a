import { formatAccountNumber, formatDate, formatOrganisationNumber } from '@bilag/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { html, type Language, pickLanguage, SafeHtml, sendPage, type Texts } from '../platform/pages';
import {
  findAccount,
  findPerson,
  type PersonBehaviour,
  type SandboxAccount,
  type SandboxBank,
  TEST_PEOPLE,
} from '../platform/world';
import type { BankRouteConfig } from './errors';
import { bankOf } from './initiation';
import { askedAccounts, companyNameOf, finishAuthorisation, grantsFor, mayPay, timeoutAt } from './lifecycle';
import { bankParams, identificationOf } from './protocol';
import type { BankState, PaymentLine, StoredAuthorisation, StoredConsent, StoredPayment } from './state';

/**
 * The bank's strong customer authentication by redirect: the person logs in with their national
 * identity number ("BankID" in the sandbox), sees what the service asks for, and approves or
 * rejects. How BankID ends follows the test person's behaviour at a bank (approves, rejects, times
 * out, fails). The person is sent back only to the redirect URIs the service gave when it made the
 * consent or payment.
 */

const TEXTS: Texts<
  | 'consentTitle'
  | 'paymentTitle'
  | 'bulkTitle'
  | 'intro'
  | 'bank'
  | 'company'
  | 'anyCompany'
  | 'accounts'
  | 'allAccounts'
  | 'access'
  | 'accessList'
  | 'accessBalances'
  | 'accessTransactions'
  | 'validUntil'
  | 'frequency'
  | 'perDay'
  | 'oneOff'
  | 'fromAccount'
  | 'toAccount'
  | 'creditor'
  | 'amount'
  | 'kid'
  | 'message'
  | 'date'
  | 'asSoonAsPossible'
  | 'payments'
  | 'total'
  | 'andMore'
  | 'ssn'
  | 'ssnHint'
  | 'ssnFixed'
  | 'logIn'
  | 'cancel'
  | 'badSsn'
  | 'unknownPerson'
  | 'otherPerson'
  | 'noRight'
  | 'loggedInAs'
  | 'grantedAccounts'
  | 'approve'
  | 'reject'
  | 'waitingTitle'
  | 'waitingText'
  | 'checkAgain'
  | 'rejectedTitle'
  | 'rejectedText'
  | 'failedTitle'
  | 'failedText'
  | 'finishedTitle'
  | 'finishedApproved'
  | 'finishedDeclined'
  | 'finishedClosed'
  | 'backToService'
  | 'unknownTitle'
  | 'unknownText'
  | 'testPeople'
  | 'testPeopleIntro'
  | 'otherLanguage'
> = {
  en: {
    consentTitle: 'Share account information',
    paymentTitle: 'Approve payment',
    bulkTitle: 'Approve payments',
    intro: 'A service asks your bank for the following. Log in with BankID to see it and decide.',
    bank: 'Bank',
    company: 'Company',
    anyCompany: 'The companies you may act for',
    accounts: 'Accounts',
    allAccounts: 'All accounts',
    access: 'Access',
    accessList: 'account details',
    accessBalances: 'balances',
    accessTransactions: 'transactions',
    validUntil: 'Valid until',
    frequency: 'Reads without you',
    perDay: 'times a day',
    oneOff: 'Only while you are present',
    fromAccount: 'From account',
    toAccount: 'To account',
    creditor: 'Recipient',
    amount: 'Amount',
    kid: 'KID',
    message: 'Message',
    date: 'Payment date',
    asSoonAsPossible: 'As soon as possible',
    payments: 'Payments',
    total: 'Total',
    andMore: 'and more payments not shown',
    ssn: 'National identity number (11 digits)',
    ssnHint: 'Use one of the test identities below.',
    ssnFixed: 'The service you came from asked for this person.',
    logIn: 'Log in with BankID',
    cancel: 'Cancel',
    badSsn: 'Enter a national identity number of 11 digits.',
    unknownPerson: 'No BankID was found for this national identity number.',
    otherPerson: 'This request is for another person.',
    noRight: 'You may not act on the accounts this request is for.',
    loggedInAs: 'Logged in as',
    grantedAccounts: 'You share',
    approve: 'Approve',
    reject: 'Reject',
    waitingTitle: 'Waiting for BankID…',
    waitingText:
      'Confirm the login in the BankID app on your phone. The bank waits a short while, then gives up.',
    checkAgain: 'Check again',
    rejectedTitle: 'Rejected in BankID',
    rejectedText: 'The login was rejected in BankID, so nothing was approved. The bank has told the service.',
    failedTitle: 'BankID did not work',
    failedText: 'BankID failed because of a technical error, so nothing was approved. Try again later.',
    finishedTitle: 'This request is finished',
    finishedApproved: 'It was approved. There is nothing more to do here.',
    finishedDeclined: 'It was not approved. There is nothing more to do here.',
    finishedClosed: 'It can no longer be approved: the service withdrew it or it ran out.',
    backToService: 'Back to the service',
    unknownTitle: 'Unknown request',
    unknownText: 'The bank does not know this request. Go back to the service you came from.',
    testPeople: 'Test identities',
    testPeopleIntro: 'Each ends BankID its own way.',
    otherLanguage: 'Norsk',
  },
  no: {
    consentTitle: 'Del kontoinformasjon',
    paymentTitle: 'Godkjenn betaling',
    bulkTitle: 'Godkjenn betalinger',
    intro: 'En tjeneste ber banken din om dette. Logg inn med BankID for å se det og bestemme deg.',
    bank: 'Bank',
    company: 'Selskap',
    anyCompany: 'Selskapene du kan handle for',
    accounts: 'Kontoer',
    allAccounts: 'Alle kontoer',
    access: 'Tilgang',
    accessList: 'kontoopplysninger',
    accessBalances: 'saldo',
    accessTransactions: 'transaksjoner',
    validUntil: 'Gyldig til',
    frequency: 'Oppslag uten deg',
    perDay: 'ganger per dag',
    oneOff: 'Bare mens du er til stede',
    fromAccount: 'Fra konto',
    toAccount: 'Til konto',
    creditor: 'Mottaker',
    amount: 'Beløp',
    kid: 'KID',
    message: 'Melding',
    date: 'Betalingsdato',
    asSoonAsPossible: 'Så snart som mulig',
    payments: 'Betalinger',
    total: 'Sum',
    andMore: 'og flere betalinger som ikke vises',
    ssn: 'Fødselsnummer (11 siffer)',
    ssnHint: 'Bruk en av testidentitetene nedenfor.',
    ssnFixed: 'Tjenesten du kom fra ba om denne personen.',
    logIn: 'Logg inn med BankID',
    cancel: 'Avbryt',
    badSsn: 'Skriv et fødselsnummer på 11 siffer.',
    unknownPerson: 'Fant ingen BankID for dette fødselsnummeret.',
    otherPerson: 'Denne forespørselen gjelder en annen person.',
    noRight: 'Du kan ikke handle på kontoene denne forespørselen gjelder.',
    loggedInAs: 'Logget inn som',
    grantedAccounts: 'Du deler',
    approve: 'Godkjenn',
    reject: 'Avvis',
    waitingTitle: 'Venter på BankID …',
    waitingText:
      'Bekreft innloggingen i BankID-appen på telefonen. Banken venter en kort stund og gir så opp.',
    checkAgain: 'Sjekk igjen',
    rejectedTitle: 'Avvist i BankID',
    rejectedText:
      'Innloggingen ble avvist i BankID, så ingenting ble godkjent. Banken har sagt fra til tjenesten.',
    failedTitle: 'BankID virket ikke',
    failedText: 'BankID feilet på grunn av en teknisk feil, så ingenting ble godkjent. Prøv igjen senere.',
    finishedTitle: 'Denne forespørselen er avsluttet',
    finishedApproved: 'Den ble godkjent. Det er ikke mer å gjøre her.',
    finishedDeclined: 'Den ble ikke godkjent. Det er ikke mer å gjøre her.',
    finishedClosed: 'Den kan ikke lenger godkjennes: tjenesten trakk den tilbake, eller den gikk ut.',
    backToService: 'Tilbake til tjenesten',
    unknownTitle: 'Ukjent forespørsel',
    unknownText: 'Banken kjenner ikke denne forespørselen. Gå tilbake til tjenesten du kom fra.',
    testPeople: 'Testidentiteter',
    testPeopleIntro: 'Hver av dem avslutter BankID på sin måte.',
    otherLanguage: 'English',
  },
};

const BEHAVIOUR_TEXTS: Texts<PersonBehaviour> = {
  en: { approves: 'approves', rejects: 'rejects', 'times-out': 'times out', fails: 'fails' },
  no: { approves: 'godkjenner', rejects: 'avviser', 'times-out': 'tidsavbrudd', fails: 'feiler' },
};

/** The most payment lines a bulk's page lists; the total covers them all. */
const LINES_SHOWN = 50;

const pageParams = bankParams.extend({ authorisationId: z.string().min(1).max(100) });
const pageQuery = z.object({ lang: z.string().max(5).optional() });
const loginForm = z.object({ ssn: z.string().max(100) });
const decisionForm = z.object({ decision: z.enum(['approve', 'reject']) });

const PAGE_CONFIG: BankRouteConfig = { page: true };

function money(amountMinor: number, currency: string, language: Language): string {
  return new Intl.NumberFormat(language === 'no' ? 'nb-NO' : 'en-GB', { style: 'currency', currency }).format(
    amountMinor / 100,
  );
}

const accountLabel = (account: SandboxAccount) => `${formatAccountNumber(account.bban)} ${account.name}`;

function row(label: string, value: SafeHtml | string) {
  return html`<tr><th scope="row">${label}</th><td>${value}</td></tr>`;
}

type Subject = { kind: 'consent'; consent: StoredConsent } | { kind: 'payment'; payment: StoredPayment };

function companyRow(texts: (typeof TEXTS)['en'], organisationNumber: string | undefined) {
  if (organisationNumber === undefined) return row(texts.company, texts.anyCompany);
  const name = companyNameOf(organisationNumber) ?? '';
  return row(texts.company, `${name} (${formatOrganisationNumber(organisationNumber)})`.trim());
}

function consentSummary(consent: StoredConsent, language: Language, bank: SandboxBank) {
  const texts = TEXTS[language];
  const { access } = consent;
  const wholeBank = access.allPsd2 !== undefined || access.availableAccounts !== undefined;
  const kinds = [
    texts.accessList,
    ...(access.allPsd2 || (access.balances?.length ?? 0) > 0 ? [texts.accessBalances] : []),
    ...(access.allPsd2 || (access.transactions?.length ?? 0) > 0 ? [texts.accessTransactions] : []),
  ];
  const accounts = wholeBank
    ? texts.allAccounts
    : html`<ul>${askedAccounts(consent).map((account) => html`<li>${accountLabel(account)}</li>`)}</ul>`;
  const frequency = consent.recurringIndicator ? `${consent.frequencyPerDay} ${texts.perDay}` : texts.oneOff;
  return html`<table><tbody>
${row(texts.bank, bank.name)}
${companyRow(texts, consent.psuCorporateId)}
${row(texts.accounts, accounts)}
${row(texts.access, kinds.join(', '))}
${row(texts.validUntil, formatDate(consent.validUntil))}
${row(texts.frequency, frequency)}
</tbody></table>`;
}

function creditorLabel(line: PaymentLine): string {
  const account = identificationOf(line.creditorAccount);
  return 'bban' in line.creditorAccount && /^\d{11}$/.test(account) ? formatAccountNumber(account) : account;
}

function paymentSummary(payment: StoredPayment, language: Language, bank: SandboxBank) {
  const texts = TEXTS[language];
  const debtor = findAccount(payment.bankId, payment.debtorBban);
  const date = payment.requestedExecutionDate
    ? formatDate(payment.requestedExecutionDate)
    : texts.asSoonAsPossible;
  const common = html`${row(texts.bank, bank.name)}
${companyRow(texts, debtor?.ownerOrganisationNumber)}
${row(texts.fromAccount, debtor ? accountLabel(debtor) : payment.debtorBban)}
${row(texts.date, date)}`;
  const [single] = payment.lines;
  if (payment.kind === 'single' && single) {
    const kid = single.remittanceInformationStructured?.reference;
    return html`<table><tbody>
${common}
${row(texts.creditor, single.creditorName)}
${row(texts.toAccount, creditorLabel(single))}
${row(texts.amount, money(single.amountMinor, single.instructedAmount.currency, language))}
${kid ? row(texts.kid, kid) : ''}
${single.remittanceInformationUnstructured ? row(texts.message, single.remittanceInformationUnstructured) : ''}
</tbody></table>`;
  }
  const totals = new Map<string, number>();
  for (const line of payment.lines) {
    const currency = line.instructedAmount.currency;
    totals.set(currency, (totals.get(currency) ?? 0) + line.amountMinor);
  }
  const total = [...totals].map(([currency, sum]) => money(sum, currency, language)).join(' + ');
  const shown = payment.lines.slice(0, LINES_SHOWN);
  return html`<table><tbody>
${common}
${row(texts.payments, String(payment.lines.length))}
${row(texts.total, total)}
</tbody></table>
<table><caption>${texts.payments}</caption>
<thead><tr><th scope="col">${texts.creditor}</th><th scope="col">${texts.toAccount}</th><th scope="col">${texts.amount}</th><th scope="col">${texts.kid} / ${texts.message}</th></tr></thead>
<tbody>${shown.map(
    (line) =>
      html`<tr><td>${line.creditorName}</td><td>${creditorLabel(line)}</td><td>${money(line.amountMinor, line.instructedAmount.currency, language)}</td><td>${line.remittanceInformationStructured?.reference ?? line.remittanceInformationUnstructured ?? ''}</td></tr>`,
  )}</tbody></table>
${payment.lines.length > LINES_SHOWN ? html`<p class="muted">… ${texts.andMore}</p>` : ''}`;
}

function testPeopleList(language: Language) {
  const texts = TEXTS[language];
  return html`<details><summary>${texts.testPeople}</summary>
<p class="muted">${texts.testPeopleIntro}</p>
<ul>${TEST_PEOPLE.map((person) => html`<li><code>${person.ssn}</code> ${person.name}: ${BEHAVIOUR_TEXTS[language][person.behaviour.bank]}</li>`)}</ul>
</details>`;
}

export function registerScaPages(parent: FastifyInstance, state: BankState) {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  function subjectOf(authorisation: StoredAuthorisation): Subject | undefined {
    if (authorisation.subject.kind === 'consent') {
      const consent = state.consents.get(authorisation.subject.id);
      return consent ? { kind: 'consent', consent } : undefined;
    }
    const payment = state.payments.get(authorisation.subject.id);
    return payment ? { kind: 'payment', payment } : undefined;
  }

  /** The authorisation behind a page, if the page's bank made it. */
  function authorisationAt(bankId: string, authorisationId: string) {
    const authorisation = state.authorisations.get(authorisationId);
    if (!authorisation || authorisation.bankId !== bankId) return undefined;
    const subject = subjectOf(authorisation);
    return subject ? { authorisation, subject } : undefined;
  }

  /** Whether the consent or payment can still be decided (not withdrawn, cancelled or run out). */
  function isOpen(subject: Subject): boolean {
    if (subject.kind === 'consent') {
      return subject.consent.status === 'received' && subject.consent.validUntil >= state.today();
    }
    return subject.payment.status === 'RCVD';
  }

  const nokUri = (authorisation: StoredAuthorisation) =>
    authorisation.nokRedirectUri ?? authorisation.okRedirectUri;
  const pathOf = (authorisation: StoredAuthorisation, step = '') =>
    `/psd2/${authorisation.bankId}/sca/${authorisation.id}${step}`;
  const withLanguage = (path: string, language: Language) => `${path}?lang=${language}`;

  function titleOf(subject: Subject, language: Language): string {
    const texts = TEXTS[language];
    if (subject.kind === 'consent') return texts.consentTitle;
    return subject.payment.kind === 'bulk' ? texts.bulkTitle : texts.paymentTitle;
  }

  function summaryOf(subject: Subject, language: Language, bank: SandboxBank) {
    return subject.kind === 'consent'
      ? consentSummary(subject.consent, language, bank)
      : paymentSummary(subject.payment, language, bank);
  }

  function notFound(reply: FastifyReply, language: Language) {
    const texts = TEXTS[language];
    const body = html`<p class="error" role="alert">${texts.unknownText}</p>`;
    return sendPage(reply, { language, party: 'Bank', title: texts.unknownTitle, body }, 404);
  }

  type LoginProblem = 'badSsn' | 'unknownPerson' | 'otherPerson' | 'noRight';

  function loginPage(
    reply: FastifyReply,
    language: Language,
    authorisation: StoredAuthorisation,
    subject: Subject,
    problem?: { kind: LoginProblem; ssn: string },
  ) {
    const texts = TEXTS[language];
    const bank = bankOf(authorisation.bankId);
    const fixed = authorisation.fixedPsuId;
    const value = fixed ?? problem?.ssn ?? '';
    const otherLanguage: Language = language === 'no' ? 'en' : 'no';
    const describedBy = [problem ? 'ssn-error' : '', 'ssn-hint'].filter(Boolean).join(' ');
    const body = html`<p>${texts.intro}</p>
${summaryOf(subject, language, bank)}
<form method="post" action="${withLanguage(pathOf(authorisation, '/login'), language)}" novalidate>
<label for="ssn">${texts.ssn}</label>
${problem ? html`<p class="error" id="ssn-error" role="alert">${texts[problem.kind]}</p>` : ''}
<input id="ssn" name="ssn" type="text" inputmode="numeric" autocomplete="off" maxlength="11" value="${value}"
  aria-describedby="${describedBy}"${new SafeHtml(problem ? ' aria-invalid="true"' : '')}${new SafeHtml(fixed ? ' readonly' : '')} autofocus required>
<p class="muted" id="ssn-hint">${fixed ? texts.ssnFixed : texts.ssnHint}</p>
<button type="submit" class="primary">${texts.logIn}</button>
</form>
<form method="post" action="${withLanguage(pathOf(authorisation, '/decision'), language)}">
<input type="hidden" name="decision" value="reject">
<button type="submit" class="danger">${texts.cancel}</button>
</form>
${testPeopleList(language)}
<p><a href="${withLanguage(pathOf(authorisation), otherLanguage)}" lang="${otherLanguage === 'no' ? 'nb' : 'en'}">${texts.otherLanguage}</a></p>`;
    return sendPage(
      reply,
      { language, party: bank.name, title: titleOf(subject, language), body },
      problem ? 400 : 200,
    );
  }

  function decisionPage(
    reply: FastifyReply,
    language: Language,
    authorisation: StoredAuthorisation,
    subject: Subject,
  ) {
    const texts = TEXTS[language];
    const bank = bankOf(authorisation.bankId);
    const person = findPerson(authorisation.psuId ?? '');
    let shared: SafeHtml | string = '';
    if (subject.kind === 'consent') {
      const granted = grantsFor(subject.consent, authorisation.psuId ?? '').flatMap((grant) => {
        const account = findAccount(authorisation.bankId, grant.bban);
        return account ? [account] : [];
      });
      shared = html`<h2>${texts.grantedAccounts}</h2><ul>${granted.map((account) => html`<li>${accountLabel(account)}</li>`)}</ul>`;
    }
    const body = html`<p>${texts.loggedInAs} <strong>${person?.name ?? ''}</strong>.</p>
${summaryOf(subject, language, bank)}
${shared}
<form method="post" action="${withLanguage(pathOf(authorisation, '/decision'), language)}">
<button type="submit" name="decision" value="approve" class="primary" autofocus>${texts.approve}</button>
<button type="submit" name="decision" value="reject" class="danger">${texts.reject}</button>
</form>`;
    return sendPage(reply, { language, party: bank.name, title: titleOf(subject, language), body });
  }

  function waitingPage(reply: FastifyReply, language: Language, authorisation: StoredAuthorisation) {
    const texts = TEXTS[language];
    const bank = bankOf(authorisation.bankId);
    const waitingPath = withLanguage(pathOf(authorisation, '/waiting'), language);
    const remainingMs = Math.max(0, timeoutAt(state, authorisation) - state.now().getTime());
    // The one place a timer is the point: the page asks again when the wait is over. Every part of
    // the URL is the bank's own (bank id, a UUID, a language code), so it is safe inside the script.
    const timer = new SafeHtml(
      `<script>setTimeout(function () { location.replace(${JSON.stringify(waitingPath).replaceAll('<', '\\u003c')}); }, ${remainingMs + 250});</script>`,
    );
    const body = html`<p role="status">${texts.waitingText}</p>
<form method="get" action="${pathOf(authorisation, '/waiting')}">
<input type="hidden" name="lang" value="${language}">
<button type="submit" class="primary" autofocus>${texts.checkAgain}</button>
</form>
${timer}`;
    return sendPage(reply, { language, party: bank.name, title: texts.waitingTitle, body });
  }

  function endPage(
    reply: FastifyReply,
    language: Language,
    authorisation: StoredAuthorisation,
    ending: 'rejected' | 'failed',
  ) {
    const texts = TEXTS[language];
    const bank = bankOf(authorisation.bankId);
    const body = html`<p class="error" role="alert">${ending === 'rejected' ? texts.rejectedText : texts.failedText}</p>
<p><a class="button" href="${nokUri(authorisation)}" autofocus>${texts.backToService}</a></p>`;
    return sendPage(reply, {
      language,
      party: bank.name,
      title: ending === 'rejected' ? texts.rejectedTitle : texts.failedTitle,
      body,
    });
  }

  function finishedPage(reply: FastifyReply, language: Language, authorisation: StoredAuthorisation) {
    const texts = TEXTS[language];
    const bank = bankOf(authorisation.bankId);
    const approved = authorisation.scaStatus === 'finalised';
    const text =
      authorisation.scaStatus === 'failed'
        ? texts.finishedDeclined
        : approved
          ? texts.finishedApproved
          : texts.finishedClosed;
    const body = html`<p role="status">${text}</p>
<p><a class="button" href="${approved ? authorisation.okRedirectUri : nokUri(authorisation)}">${texts.backToService}</a></p>`;
    return sendPage(reply, { language, party: bank.name, title: texts.finishedTitle, body });
  }

  /** The page for where the authorisation stands now. */
  function currentPage(
    reply: FastifyReply,
    language: Language,
    authorisation: StoredAuthorisation,
    subject: Subject,
  ) {
    const finished = authorisation.scaStatus === 'finalised' || authorisation.scaStatus === 'failed';
    if (finished || !isOpen(subject)) return finishedPage(reply, language, authorisation);
    if (authorisation.scaStatus === 'psuIdentified') return waitingPage(reply, language, authorisation);
    if (authorisation.scaStatus === 'psuAuthenticated')
      return decisionPage(reply, language, authorisation, subject);
    return loginPage(reply, language, authorisation, subject);
  }

  const pageRoute = (summary: string) => ({
    config: PAGE_CONFIG,
    schema: { tags: ['bank'], summary, params: pageParams, querystring: pageQuery },
  });
  const formRoute = <Body extends z.ZodType>(summary: string, body: Body) => ({
    config: PAGE_CONFIG,
    schema: { tags: ['bank'], summary, params: pageParams, querystring: pageQuery, body },
  });

  app.get(
    '/psd2/:bankId/sca/:authorisationId',
    pageRoute('SCA page (HTML): log in with a national identity number, see the request, approve or reject'),
    async (request, reply) => {
      const language = pickLanguage(request);
      const found = authorisationAt(request.params.bankId, request.params.authorisationId);
      if (!found) return notFound(reply, language);
      return currentPage(reply, language, found.authorisation, found.subject);
    },
  );

  app.post(
    '/psd2/:bankId/sca/:authorisationId/login',
    formRoute('SCA page (HTML form post): log in with a national identity number', loginForm),
    async (request, reply) => {
      const language = pickLanguage(request);
      const found = authorisationAt(request.params.bankId, request.params.authorisationId);
      if (!found) return notFound(reply, language);
      const { authorisation, subject } = found;
      if (authorisation.scaStatus !== 'received' || !isOpen(subject)) {
        return currentPage(reply, language, authorisation, subject);
      }
      const ssn = request.body.ssn.replace(/\s/g, '');
      const problem = (kind: LoginProblem) =>
        loginPage(reply, language, authorisation, subject, { kind, ssn: ssn.slice(0, 30) });
      if (!/^\d{11}$/.test(ssn)) return problem('badSsn');
      if (authorisation.fixedPsuId !== undefined && authorisation.fixedPsuId !== ssn)
        return problem('otherPerson');
      const person = findPerson(ssn);
      if (!person) return problem('unknownPerson');
      const mayAct =
        subject.kind === 'consent'
          ? grantsFor(subject.consent, ssn).length > 0
          : mayPay(subject.payment, ssn);
      if (!mayAct) return problem('noRight');

      authorisation.psuId = ssn;
      switch (person.behaviour.bank) {
        case 'rejects':
          finishAuthorisation(state, authorisation, { approved: false, reasonCode: 'CUST' });
          return endPage(reply, language, authorisation, 'rejected');
        case 'fails':
          finishAuthorisation(state, authorisation, { approved: false, reasonCode: 'MS03' });
          return endPage(reply, language, authorisation, 'failed');
        case 'times-out':
          authorisation.scaStatus = 'psuIdentified';
          authorisation.waitingSince = state.now().toISOString();
          state.changed();
          return reply.redirect(withLanguage(pathOf(authorisation, '/waiting'), language), 303);
        case 'approves':
          authorisation.scaStatus = 'psuAuthenticated';
          state.changed();
          return reply.redirect(withLanguage(pathOf(authorisation), language), 303);
      }
    },
  );

  app.get(
    '/psd2/:bankId/sca/:authorisationId/waiting',
    pageRoute('SCA page (HTML): waiting for BankID; once the wait is over, back to the service as a failure'),
    async (request, reply) => {
      const language = pickLanguage(request);
      const found = authorisationAt(request.params.bankId, request.params.authorisationId);
      if (!found) return notFound(reply, language);
      const { authorisation } = found;
      if (authorisation.scaStatus === 'psuIdentified') return waitingPage(reply, language, authorisation);
      if (authorisation.scaStatus === 'failed') return reply.redirect(nokUri(authorisation), 303);
      return reply.redirect(withLanguage(pathOf(authorisation), language), 303);
    },
  );

  app.post(
    '/psd2/:bankId/sca/:authorisationId/decision',
    formRoute(
      'SCA page (HTML form post): approve (after login) or reject; back to the service',
      decisionForm,
    ),
    async (request, reply) => {
      const language = pickLanguage(request);
      const found = authorisationAt(request.params.bankId, request.params.authorisationId);
      if (!found) return notFound(reply, language);
      const { authorisation, subject } = found;
      const { decision } = request.body;
      const mayDecide =
        isOpen(subject) &&
        (authorisation.scaStatus === 'psuAuthenticated' ||
          (decision === 'reject' && authorisation.scaStatus === 'received'));
      if (!mayDecide) return currentPage(reply, language, authorisation, subject);
      if (decision === 'approve' && authorisation.psuId !== undefined) {
        finishAuthorisation(state, authorisation, { approved: true, psuId: authorisation.psuId });
        return reply.redirect(authorisation.okRedirectUri, 303);
      }
      finishAuthorisation(state, authorisation, { approved: false, reasonCode: 'CUST' });
      return reply.redirect(nokUri(authorisation), 303);
    },
  );
}
