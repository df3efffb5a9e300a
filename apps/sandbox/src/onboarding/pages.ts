import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  bankIdForm,
  fill,
  pageTokenOf,
  readTestPerson,
  type SsnProblem,
  unreadableFormProblem,
} from '../platform/bankid-form';
import type { SandboxContext } from '../platform/context';
import { html, type Language, pickLanguage, type SafeHtml, sendPage, type Texts } from '../platform/pages';
import {
  findRegisteredCompany,
  ONBOARDING_REGISTER,
  type PersonBehaviour,
  UNREGISTERED_ORGANISATION_NUMBER,
} from '../platform/world';
import { checkCompany, type Onboarding, type OnboardingStatus, type OnboardingStore } from './onboardings';

/**
 * The payment service's sign page, reached through signUrl: the company's signatory types one of
 * the test identities' national identity numbers and signs with BankID. What happens next is that
 * identity's behaviour at BankID signing in the shared world; a person who is not a signatory of
 * the company is refused. The person is only ever sent to the returnUrl the API caller gave.
 */

const TEXTS: Texts<
  | 'party'
  | 'title'
  | 'intro'
  | 'company'
  | 'organisationNumber'
  | 'expires'
  | 'ssnLabel'
  | 'sign'
  | 'notSignatory'
  | 'timedOutTitle'
  | 'timedOut'
  | 'failedTitle'
  | 'failed'
  | 'tryAgain'
  | 'back'
  | 'finishedTitle'
  | 'finished'
  | 'notFoundTitle'
  | 'notFound'
> = {
  en: {
    party: 'Payment service · onboarding',
    title: 'Sign the agreement for the company',
    intro:
      "The company has passed the payment service's checks. A person who may sign for the company (general manager or chair) signs the customer agreement with BankID.",
    company: 'Company',
    organisationNumber: 'Organisation number',
    expires: 'The sign order can be signed until {date}.',
    ssnLabel: 'National identity number of the signatory (11 digits)',
    sign: 'Sign with BankID',
    notSignatory: '{name} may not sign for the company. Choose a signatory from the list below.',
    timedOutTitle: 'BankID timed out',
    timedOut: 'No answer came from the BankID app in time. Nothing was signed; the sign order still waits.',
    failedTitle: 'BankID failed',
    failed:
      'BankID could not sign because of a technical error. Nothing was signed; the sign order still waits.',
    tryAgain: 'Try again',
    back: 'Back to the service',
    finishedTitle: 'This sign order is finished',
    finished: 'It ended as: {status}.',
    notFoundTitle: 'No such sign order',
    notFound: 'The link is not valid, or the sign order is too old. Start again from the service.',
  },
  no: {
    party: 'Betalingstjeneste · onboarding',
    title: 'Signer avtalen for firmaet',
    intro:
      'Firmaet har bestått betalingstjenestens kontroller. En person med signaturrett (daglig leder eller styreleder) signerer kundeavtalen med BankID.',
    company: 'Firma',
    organisationNumber: 'Organisasjonsnummer',
    expires: 'Signeringsoppdraget kan signeres til {date}.',
    ssnLabel: 'Fødselsnummeret til den som signerer (11 siffer)',
    sign: 'Signer med BankID',
    notSignatory: '{name} har ikke signaturrett for firmaet. Velg en med signaturrett fra listen nedenfor.',
    timedOutTitle: 'BankID fikk tidsavbrudd',
    timedOut: 'BankID-appen svarte ikke i tide. Ingenting ble signert; signeringsoppdraget venter fortsatt.',
    failedTitle: 'BankID feilet',
    failed:
      'BankID kunne ikke signere på grunn av en teknisk feil. Ingenting ble signert; signeringsoppdraget venter fortsatt.',
    tryAgain: 'Prøv igjen',
    back: 'Tilbake til tjenesten',
    finishedTitle: 'Dette signeringsoppdraget er avsluttet',
    finished: 'Det endte slik: {status}.',
    notFoundTitle: 'Fant ikke signeringsoppdraget',
    notFound: 'Lenken er ikke gyldig, eller signeringsoppdraget er for gammelt. Start på nytt fra tjenesten.',
  },
};

const OUTCOME_TEXTS: Texts<PersonBehaviour | 'notSignatory'> = {
  en: {
    approves: 'Signs: the company is onboarded and you are sent back',
    rejects: 'Refuses in BankID: you are sent back, the sign order still waits',
    'times-out': 'Never answers in the BankID app: nothing is signed',
    fails: 'BankID fails with a technical error: nothing is signed',
    notSignatory: 'May not sign for the company: refused',
  },
  no: {
    approves: 'Signerer: firmaet blir kunde og du sendes tilbake',
    rejects: 'Avviser i BankID: du sendes tilbake, signeringsoppdraget venter fortsatt',
    'times-out': 'Svarer aldri i BankID-appen: ingenting signeres',
    fails: 'BankID feiler med en teknisk feil: ingenting signeres',
    notSignatory: 'Har ikke signaturrett for firmaet: avvises',
  },
};

export const STATUS_TEXTS: Texts<OnboardingStatus> = {
  en: {
    pending: 'waiting for the signature',
    success: 'signed; the account is being set up',
    completed: 'onboarded',
    'already-onboarded': 'already a customer',
    'company-not-found': 'not found in the register',
    'declined-enk-no-vat': 'declined: sole proprietorship without VAT registration',
    'declined-risk-evaluation': 'declined by the risk evaluation',
    'declined-unsupported-company-type': 'declined: a company type the service does not serve',
    'signorder-expired': 'the sign order expired before it was signed',
  },
  no: {
    pending: 'venter på signatur',
    success: 'signert; kontoen settes opp',
    completed: 'ferdig registrert',
    'already-onboarded': 'allerede kunde',
    'company-not-found': 'finnes ikke i registeret',
    'declined-enk-no-vat': 'avvist: enkeltpersonforetak uten MVA-registrering',
    'declined-risk-evaluation': 'avvist av risikovurderingen',
    'declined-unsupported-company-type': 'avvist: en selskapsform tjenesten ikke betjener',
    'signorder-expired': 'signeringsoppdraget utløp før det ble signert',
  },
};

const SECTION_TEXTS: Texts<
  'title' | 'intro' | 'company' | 'organisationNumber' | 'outcome' | 'unregistered'
> = {
  en: {
    title: 'Payment service onboarding: test companies',
    intro:
      'A pending onboarding is signed on the sign page (Kari signs) and becomes success, then completed. A sign order not signed within 7 days expires: move the clock with PUT /sandbox/clock.',
    company: 'Company',
    organisationNumber: 'Organisation number',
    outcome: 'Onboarding',
    unregistered: 'Any other valid number',
  },
  no: {
    title: 'Onboarding hos betalingstjenesten: testfirmaer',
    intro:
      'En ventende onboarding signeres på signeringssiden (Kari signerer) og blir success, så completed. Et signeringsoppdrag som ikke signeres innen 7 dager, utløper: flytt klokken med PUT /sandbox/clock.',
    company: 'Firma',
    organisationNumber: 'Organisasjonsnummer',
    outcome: 'Onboarding',
    unregistered: 'Alle andre gyldige numre',
  },
};

/** The test companies and what onboarding each gives, for the sandbox's front page. */
export function onboardingCompaniesSection(language: Language): SafeHtml {
  const texts = SECTION_TEXTS[language];
  const outcome = (status: OnboardingStatus) =>
    html`<code>${status}</code> ${STATUS_TEXTS[language][status]}`;
  return html`<h2>${texts.title}</h2>
<p>${texts.intro}</p>
<table><thead><tr><th>${texts.organisationNumber}</th><th>${texts.company}</th><th>${texts.outcome}</th></tr></thead><tbody>
${ONBOARDING_REGISTER.map((company) => html`<tr><td><code>${company.organisationNumber}</code></td><td>${company.name} (${company.form})</td><td>${outcome(checkCompany(company, false))}</td></tr>`)}
<tr><td><code>${UNREGISTERED_ORGANISATION_NUMBER}</code></td><td>${texts.unregistered}</td><td>${outcome('company-not-found')}</td></tr>
</tbody></table>`;
}

const PageForm = z.object({
  action: z.enum(['sign', 'cancel']),
  ssn: z.string().max(64).optional(),
});

function pagePath(pageToken: string, language: Language): string {
  return `/onboarding/sign/${pageToken}?lang=${language}`;
}

export function onboardingPages(onboardings: OnboardingStore): FastifyPluginAsync<SandboxContext> {
  return async (app) => {
    function show(reply: FastifyReply, language: Language, title: string, body: SafeHtml, statusCode = 200) {
      return sendPage(reply, { language, party: TEXTS[language].party, title, body }, statusCode);
    }

    function signPage(reply: FastifyReply, onboarding: Onboarding, language: Language, problem?: SsnProblem) {
      const texts = TEXTS[language];
      const company = findRegisteredCompany(onboarding.organisationNumber);
      const expires = onboarding.signOrderExpiresAt
        ? fill(texts.expires, { date: onboarding.signOrderExpiresAt.slice(0, 10) })
        : '';
      const outcomeOf = (ssn: string, behaviour: PersonBehaviour) =>
        company?.signatories.includes(ssn)
          ? OUTCOME_TEXTS[language][behaviour]
          : OUTCOME_TEXTS[language].notSignatory;
      const body = html`<p>${texts.intro}</p>
<table><tbody>
<tr><th scope="row">${texts.company}</th><td>${onboarding.companyName ?? ''}</td></tr>
<tr><th scope="row">${texts.organisationNumber}</th><td>${onboarding.organisationNumber}</td></tr>
</tbody></table>
<p class="muted">${expires}</p>
${bankIdForm({
  language,
  action: pagePath(onboarding.pageToken, language),
  ssnLabel: texts.ssnLabel,
  submit: { action: 'sign', label: texts.sign },
  problem,
  outcomeOf: (person) => outcomeOf(person.ssn, person.behaviour.signing),
})}`;
      return show(reply, language, texts.title, body, problem ? 400 : 200);
    }

    function nothingSignedPage(
      reply: FastifyReply,
      onboarding: Onboarding,
      language: Language,
      kind: 'timedOut' | 'failed',
    ) {
      const texts = TEXTS[language];
      const title = kind === 'timedOut' ? texts.timedOutTitle : texts.failedTitle;
      return show(
        reply,
        language,
        title,
        html`<p role="alert">${texts[kind]}</p>
<p><a class="button" href="${pagePath(onboarding.pageToken, language)}">${texts.tryAgain}</a> <a class="button" href="${onboarding.returnUrl}">${texts.back}</a></p>`,
      );
    }

    function finishedPage(reply: FastifyReply, onboarding: Onboarding, language: Language, statusCode = 200) {
      const texts = TEXTS[language];
      const status = STATUS_TEXTS[language][onboarding.status];
      return show(
        reply,
        language,
        texts.finishedTitle,
        html`<p>${fill(texts.finished, { status })}</p><p><a href="${onboarding.returnUrl}">${texts.back}</a></p>`,
        statusCode,
      );
    }

    function notFoundPage(reply: FastifyReply, language: Language) {
      const texts = TEXTS[language];
      return show(reply, language, texts.notFoundTitle, html`<p>${texts.notFound}</p>`, 404);
    }

    function onboardingOf(request: FastifyRequest): Onboarding | undefined {
      const token = pageTokenOf(request);
      return token === undefined ? undefined : onboardings.byPageToken(token);
    }

    app.get(
      '/onboarding/sign/:pageToken',
      {
        schema: {
          tags: ['onboarding'],
          summary: "The sign page (signUrl): the company's signatory signs the agreement with BankID",
        },
      },
      async (request, reply) => {
        const language = pickLanguage(request);
        const onboarding = onboardingOf(request);
        if (!onboarding) return notFoundPage(reply, language);
        if (onboarding.status !== 'pending') return finishedPage(reply, onboarding, language);
        return signPage(reply, onboarding, language);
      },
    );

    app.post(
      '/onboarding/sign/:pageToken',
      {
        schema: {
          tags: ['onboarding'],
          summary:
            "The sign page's form: action=sign with ssn (a test identity who is a signatory), or action=cancel. Signing sends the person to returnUrl (303) with the onboarding success; cancelling or refusing in BankID sends them there with it still pending; a BankID timeout or failure shows a page to try again",
        },
      },
      async (request, reply) => {
        const language = pickLanguage(request);
        const texts = TEXTS[language];
        const onboarding = onboardingOf(request);
        if (!onboarding) return notFoundPage(reply, language);
        if (onboarding.status !== 'pending') return finishedPage(reply, onboarding, language, 409);

        const form = PageForm.safeParse(request.body ?? {});
        if (!form.success) {
          return signPage(reply, onboarding, language, unreadableFormProblem(language));
        }
        if (form.data.action === 'cancel') return reply.redirect(onboarding.returnUrl, 303);

        const typed = form.data.ssn ?? '';
        const { person, problem } = readTestPerson(typed, language);
        if (problem) return signPage(reply, onboarding, language, problem);
        if (!findRegisteredCompany(onboarding.organisationNumber)?.signatories.includes(person.ssn)) {
          const message = fill(texts.notSignatory, { name: person.name });
          return signPage(reply, onboarding, language, { message, typed });
        }
        switch (person.behaviour.signing) {
          case 'approves':
            onboardings.sign(onboarding, person.ssn);
            return reply.redirect(onboarding.returnUrl, 303);
          case 'rejects':
            return reply.redirect(onboarding.returnUrl, 303);
          case 'times-out':
            return nothingSignedPage(reply, onboarding, language, 'timedOut');
          case 'fails':
            return nothingSignedPage(reply, onboarding, language, 'failed');
        }
      },
    );
  };
}
