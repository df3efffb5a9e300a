import formBody from '@fastify/formbody';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bankParty } from './bank';
import { bankAuthorisationParty } from './bank-authorisation';
import { cardParty } from './card';
import { TEST_CARDS } from './card/test-cards';
import { createMailCatcher, type MailCatcher, mailParty } from './mail';
import { onboardingCompaniesSection, onboardingParty } from './onboarding';
import { peppolParty } from './peppol';
import { createClock } from './platform/clock';
import { DEFAULT_CREDENTIALS, type SandboxContext, type SandboxCredentials } from './platform/context';
import { registerFaults } from './platform/faults';
import { html, pickLanguage, sendPage, type Texts } from './platform/pages';
import { createStore } from './platform/store';
import { createWebhookSender } from './platform/webhooks';
import {
  type PersonBehaviour,
  SANDBOX_ACCOUNTS,
  SANDBOX_BANKS,
  SANDBOX_COMPANIES,
  TEST_PEOPLE,
} from './platform/world';
import { signingParty } from './signing';

declare module 'fastify' {
  interface FastifyInstance {
    mailCatcher: MailCatcher;
  }
}

export type SandboxOptions = {
  logger?: FastifyServerOptions['logger'];
  /** Keeps the sandbox's records across restarts; in memory only when absent. */
  dataFile?: string;
  credentials?: Partial<SandboxCredentials>;
  scaTimeoutSeconds?: number;
};

const PARTIES = ['bank', 'signing', 'bank-authorisation', 'onboarding', 'card', 'peppol', 'mail'] as const;

const INDEX_TEXTS: Texts<
  | 'title'
  | 'intro'
  | 'people'
  | 'ssn'
  | 'name'
  | 'atSigning'
  | 'atBank'
  | 'accounts'
  | 'bank'
  | 'account'
  | 'owner'
  | 'cards'
  | 'card'
  | 'outcome'
  | 'pages'
  | 'peppolPage'
  | 'mailPage'
  | 'docs'
> = {
  en: {
    title: 'The outside world, on this machine',
    intro:
      "This sandbox plays the banks (NextGenPSD2), the eID signing provider, the bank authorisation service, the payment service's onboarding, the card provider, the PEPPOL access point and a mail catcher.",
    people: 'Test identities',
    ssn: 'National identity number',
    name: 'Name',
    atSigning: 'At BankID signing',
    atBank: 'At a bank (SCA)',
    accounts: 'Company accounts',
    bank: 'Bank',
    account: 'Account',
    owner: 'Owner',
    cards: 'Test cards',
    card: 'Card number',
    outcome: 'Outcome',
    pages: 'Pages',
    peppolPage: 'PEPPOL access point: send an EHF document to a company',
    mailPage: 'Mail catcher: what the product sent',
    docs: 'API description (OpenAPI)',
  },
  no: {
    title: 'Omverdenen, på denne maskinen',
    intro:
      'Denne sandkassen spiller bankene (NextGenPSD2), eID-signeringstjenesten, bankautorisasjonstjenesten, betalingstjenestens onboarding, kortleverandøren, PEPPOL-aksesspunktet og en e-postfanger.',
    people: 'Testidentiteter',
    ssn: 'Fødselsnummer',
    name: 'Navn',
    atSigning: 'Ved BankID-signering',
    atBank: 'I banken (SCA)',
    accounts: 'Bedriftskontoer',
    bank: 'Bank',
    account: 'Konto',
    owner: 'Eier',
    cards: 'Testkort',
    card: 'Kortnummer',
    outcome: 'Utfall',
    pages: 'Sider',
    peppolPage: 'PEPPOL-aksesspunkt: send et EHF-dokument til et firma',
    mailPage: 'E-postfanger: det produktet har sendt',
    docs: 'API-beskrivelse (OpenAPI)',
  },
};

const BEHAVIOUR_TEXTS: Texts<PersonBehaviour> = {
  en: { approves: 'approves', rejects: 'rejects', 'times-out': 'times out', fails: 'fails' },
  no: { approves: 'godkjenner', rejects: 'avviser', 'times-out': 'tidsavbrudd', fails: 'feiler' },
};

const CARD_OUTCOME_TEXTS: Texts<
  | 'succeeds'
  | 'needs-authentication'
  | 'settles-later'
  | 'generic_decline'
  | 'insufficient_funds'
  | 'expired_card'
  | 'test_mode_live_card'
> = {
  en: {
    succeeds: 'succeeds',
    'needs-authentication': 'asks for 3-D Secure',
    'settles-later': 'processing for a few seconds, then succeeds',
    generic_decline: 'declined',
    insufficient_funds: 'declined: insufficient funds',
    expired_card: 'declined: expired card',
    test_mode_live_card: 'declined: not a test card',
  },
  no: {
    succeeds: 'godkjennes',
    'needs-authentication': 'ber om 3-D Secure',
    'settles-later': 'behandles noen sekunder, så godkjennes',
    generic_decline: 'avvist',
    insufficient_funds: 'avvist: ikke dekning',
    expired_card: 'avvist: utløpt kort',
    test_mode_live_card: 'avvist: ikke et testkort',
  },
};

/** The stand-in for the external parties (banks, signing, card payments, PEPPOL, mail) on one machine. */
export async function buildSandbox(options: SandboxOptions = {}) {
  const app = Fastify({
    logger:
      options.logger ??
      (process.env.NODE_ENV === 'test' ? false : { level: process.env.LOG_LEVEL ?? 'info' }),
    genReqId: () => crypto.randomUUID(),
    // Callers keep connections alive (and a slow-answer fault may still be waiting); closing ends them.
    forceCloseConnections: true,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const clock = createClock();
  const store = createStore(options.dataFile);
  const context: SandboxContext = {
    clock,
    store,
    webhooks: createWebhookSender(store, clock.now),
    credentials: { ...DEFAULT_CREDENTIALS, ...options.credentials },
    scaTimeoutSeconds: options.scaTimeoutSeconds ?? 20,
  };

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Bilag sandbox',
        description:
          'The outside parties of the product, each in its own protocol, for development and tests.',
        version: '0.1.0',
      },
      tags: [
        {
          name: 'bank',
          description:
            'Berlin Group NextGenPSD2 1.3: consents, accounts, payments (DNB, SpareBank 1, Handelsbanken)',
        },
        { name: 'signing', description: 'eID signing provider: authentication with BankID' },
        { name: 'bank-authorisation', description: 'Which person may pay from which company account' },
        {
          name: 'onboarding',
          description: "The payment service's company onboarding: checks of the company, then a sign order",
        },
        { name: 'card', description: 'Card payments in the PaymentIntents style, with signed webhooks' },
        { name: 'peppol', description: 'PEPPOL access point: SMP look-up and BIS Billing 3 delivery' },
        { name: 'mail', description: 'Mail catcher: what the product sent by SMTP' },
        { name: 'sandbox', description: 'The sandbox itself: clock, faults, webhooks' },
      ],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
  await app.register(formBody, { bodyLimit: 64 * 1024 });
  registerFaults(app, store);

  app.get('/health', { schema: { tags: ['sandbox'], summary: 'Whether the sandbox answers' } }, async () => ({
    status: 'ok',
    parties: [...PARTIES],
  }));
  app.get('/sandbox/clock', { schema: { tags: ['sandbox'], summary: "The sandbox's today" } }, async () => ({
    now: clock.now().toISOString(),
    offsetDays: clock.offsetDays(),
  }));
  app.put(
    '/sandbox/clock',
    {
      schema: {
        tags: ['sandbox'],
        summary: 'Move the sandbox forward (or back) in days, to see consents expire and accounts grow',
        body: z.object({ offsetDays: z.number().int().min(-3650).max(3650) }),
      },
    },
    async (request) => {
      clock.setOffsetDays((request.body as { offsetDays: number }).offsetDays);
      return { now: clock.now().toISOString(), offsetDays: clock.offsetDays() };
    },
  );
  app.get(
    '/sandbox/webhooks',
    { schema: { tags: ['sandbox'], summary: 'The webhooks the sandbox sent, newest first' } },
    async () => ({ deliveries: context.webhooks.deliveries() }),
  );
  app.get('/', { schema: { hide: true } }, async (request, reply) => {
    const language = pickLanguage(request);
    const texts = INDEX_TEXTS[language];
    const companyName = (organisationNumber: string) =>
      SANDBOX_COMPANIES.find((company) => company.organisationNumber === organisationNumber)?.name ??
      organisationNumber;
    const bankName = (id: string) => SANDBOX_BANKS.find((bank) => bank.id === id)?.name ?? id;
    return sendPage(reply, {
      language,
      party: 'Sandbox',
      title: texts.title,
      body: html`<p>${texts.intro}</p>
<h2>${texts.people}</h2>
<table><thead><tr><th>${texts.ssn}</th><th>${texts.name}</th><th>${texts.atSigning}</th><th>${texts.atBank}</th></tr></thead><tbody>
${TEST_PEOPLE.map((person) => html`<tr><td><code>${person.ssn}</code></td><td>${person.name}</td><td>${BEHAVIOUR_TEXTS[language][person.behaviour.signing]}</td><td>${BEHAVIOUR_TEXTS[language][person.behaviour.bank]}</td></tr>`)}
</tbody></table>
<h2>${texts.accounts}</h2>
<table><thead><tr><th>${texts.bank}</th><th>${texts.account}</th><th>${texts.owner}</th></tr></thead><tbody>
${SANDBOX_ACCOUNTS.map((account) => html`<tr><td>${bankName(account.bankId)}</td><td><code>${account.bban}</code> ${account.name}</td><td>${companyName(account.ownerOrganisationNumber)}</td></tr>`)}
</tbody></table>
${onboardingCompaniesSection(language)}
<h2>${texts.cards}</h2>
<table><thead><tr><th>${texts.card}</th><th>${texts.outcome}</th></tr></thead><tbody>
${TEST_CARDS.map((card) => html`<tr><td><code>${card.number.replace(/(\d{4})(?=\d)/g, '$1 ')}</code></td><td>${CARD_OUTCOME_TEXTS[language][card.outcome.kind === 'declined' ? card.outcome.declineCode : card.outcome.kind]}</td></tr>`)}
</tbody></table>
<h2>${texts.pages}</h2>
<ul>
<li><a href="/peppol?lang=${language}">${texts.peppolPage}</a></li>
<li><a href="/mail?lang=${language}">${texts.mailPage}</a></li>
<li><a href="/docs">${texts.docs}</a></li>
</ul>`,
    });
  });

  await app.register(bankParty, context);
  await app.register(signingParty, context);
  await app.register(bankAuthorisationParty, context);
  await app.register(onboardingParty, context);
  await app.register(cardParty, context);
  await app.register(peppolParty, context);
  await app.register(mailParty, context);

  // The mail catcher's SMTP side is started by whoever starts the sandbox (main, tests), next to listen.
  const mailCatcher = createMailCatcher(context);
  app.decorate('mailCatcher', mailCatcher);
  app.addHook('onClose', async () => {
    await mailCatcher.close();
    store.flush();
  });
  return app;
}

export type Sandbox = Awaited<ReturnType<typeof buildSandbox>>;
