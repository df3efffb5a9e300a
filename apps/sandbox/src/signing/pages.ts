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
import { findPerson, type PersonBehaviour } from '../platform/world';
import { isFinished, type RequestStore, type SigningRequest, STATUS_TEXTS } from './requests';

/**
 * The "approve with BankID" page a person reaches through AuthenticationUrl. They type one of the
 * test identities' national identity numbers; what happens next is that identity's behaviour at
 * BankID signing in the shared world. The person is only ever sent to the ReturnUrl or CancelUrl
 * the API caller gave.
 */

const TEXTS: Texts<
  | 'party'
  | 'title'
  | 'intro'
  | 'reference'
  | 'ssnLabel'
  | 'approve'
  | 'cancel'
  | 'waitingTitle'
  | 'waiting'
  | 'checkAgain'
  | 'failedTitle'
  | 'failed'
  | 'back'
  | 'finishedTitle'
  | 'finished'
  | 'notFoundTitle'
  | 'notFound'
> = {
  en: {
    party: 'eID signing · BankID',
    title: 'Confirm who you are with BankID',
    intro:
      'A service asks you to confirm your identity with BankID. Type the national identity number of one of the test identities below and approve.',
    reference: 'Reference',
    ssnLabel: 'National identity number (11 digits)',
    approve: 'Approve with BankID',
    cancel: 'Cancel',
    waitingTitle: 'Open the BankID app',
    waiting:
      'A request was sent to the BankID app of {name}. Waiting for an answer: without one within {seconds} seconds the request expires and you are sent back.',
    checkAgain: 'Check again',
    failedTitle: 'BankID failed',
    failed: 'BankID could not confirm your identity because of a technical error. Nothing was approved.',
    back: 'Back to the service',
    finishedTitle: 'This BankID request is finished',
    finished: 'It ended as: {status}. Start again from the service if you still need to confirm.',
    notFoundTitle: 'No such BankID request',
    notFound: 'The link is not valid, or the request is too old. Start again from the service.',
  },
  no: {
    party: 'eID-signering · BankID',
    title: 'Bekreft hvem du er med BankID',
    intro:
      'En tjeneste ber deg bekrefte identiteten din med BankID. Skriv fødselsnummeret til en av testidentitetene nedenfor og godkjenn.',
    reference: 'Referanse',
    ssnLabel: 'Fødselsnummer (11 siffer)',
    approve: 'Godkjenn med BankID',
    cancel: 'Avbryt',
    waitingTitle: 'Åpne BankID-appen',
    waiting:
      'En forespørsel er sendt til BankID-appen til {name}. Venter på svar: kommer det ikke innen {seconds} sekunder, utløper forespørselen og du sendes tilbake.',
    checkAgain: 'Sjekk igjen',
    failedTitle: 'BankID feilet',
    failed: 'BankID kunne ikke bekrefte identiteten din på grunn av en teknisk feil. Ingenting ble godkjent.',
    back: 'Tilbake til tjenesten',
    finishedTitle: 'Denne BankID-forespørselen er avsluttet',
    finished: 'Den endte slik: {status}. Start på nytt fra tjenesten hvis du fortsatt må bekrefte.',
    notFoundTitle: 'Fant ikke BankID-forespørselen',
    notFound: 'Lenken er ikke gyldig, eller forespørselen er for gammel. Start på nytt fra tjenesten.',
  },
};

const OUTCOME_TEXTS: Texts<PersonBehaviour> = {
  en: {
    approves: 'Approves: you are sent back authenticated',
    rejects: 'Refuses in BankID: the request is cancelled',
    'times-out': 'Never answers in the BankID app: the request expires after {seconds} seconds',
    fails: 'BankID fails with a technical error',
  },
  no: {
    approves: 'Godkjenner: du sendes tilbake autentisert',
    rejects: 'Avviser i BankID: forespørselen avbrytes',
    'times-out': 'Svarer aldri i BankID-appen: forespørselen utløper etter {seconds} sekunder',
    fails: 'BankID feiler med en teknisk feil',
  },
};

const PageForm = z.object({
  action: z.enum(['approve', 'cancel']),
  ssn: z.string().max(64).optional(),
});

/** Slack on the waiting page's timer, so the browser comes back just after the wait is over. */
const TIMER_SLACK_MS = 250;

/** The page's own path, keeping the language the person reads it in. */
function pagePath(pageToken: string, language: Language, suffix = ''): string {
  return `/signing/bankid/${pageToken}${suffix}?lang=${language}`;
}

/** Where a person goes when they did not approve: the caller's CancelUrl, else its ReturnUrl. */
function cancelTarget(request: SigningRequest): string {
  return request.cancelUrl ?? request.returnUrl;
}

export function bankIdPages(requests: RequestStore): FastifyPluginAsync<SandboxContext> {
  return async (app, context) => {
    const seconds = context.scaTimeoutSeconds;

    function show(reply: FastifyReply, language: Language, title: string, body: SafeHtml, statusCode = 200) {
      return sendPage(reply, { language, party: TEXTS[language].party, title, body }, statusCode);
    }

    function approvePage(
      reply: FastifyReply,
      request: SigningRequest,
      language: Language,
      problem?: SsnProblem,
    ) {
      const texts = TEXTS[language];
      const body = html`<p>${texts.intro}</p>
${request.externalReference ? html`<p class="muted">${texts.reference}: ${request.externalReference}</p>` : ''}
${bankIdForm({
  language,
  action: pagePath(request.pageToken, language),
  ssnLabel: texts.ssnLabel,
  submit: { action: 'approve', label: texts.approve },
  prefilled: request.ssnHint,
  problem,
  outcomeOf: (person) => fill(OUTCOME_TEXTS[language][person.behaviour.signing], { seconds }),
})}`;
      return show(reply, language, texts.title, body, problem ? 400 : 200);
    }

    function waitingPage(reply: FastifyReply, request: SigningRequest, language: Language) {
      const texts = TEXTS[language];
      const waitingFor = findPerson(request.waitingFor ?? '')?.name ?? '';
      const remainingMs =
        Math.max(0, Date.parse(request.waitingUntil ?? '') - context.clock.now().getTime()) || 0;
      // The timer is the point of this page: it brings the browser back when BankID has given up.
      const body = html`<p role="status">${fill(texts.waiting, { name: waitingFor, seconds })}</p>
<p><a id="bankid-check-again" href="${pagePath(request.pageToken, language, '/wait')}" data-wait-ms="${remainingMs + TIMER_SLACK_MS}">${texts.checkAgain}</a></p>
<form method="post" action="${pagePath(request.pageToken, language)}">
<button class="danger" type="submit" name="action" value="cancel">${texts.cancel}</button>
</form>
<script>
const checkAgain = document.getElementById('bankid-check-again');
setTimeout(() => window.location.replace(checkAgain.href), Number(checkAgain.dataset.waitMs));
</script>`;
      return show(reply, language, texts.waitingTitle, body);
    }

    function finishedPage(
      reply: FastifyReply,
      request: SigningRequest,
      language: Language,
      statusCode = 200,
    ) {
      const texts = TEXTS[language];
      const onward = request.state === 'completed' ? request.returnUrl : cancelTarget(request);
      const back = html`<p><a href="${onward}">${texts.back}</a></p>`;
      if (request.state === 'failed') {
        return show(reply, language, texts.failedTitle, html`<p>${texts.failed}</p>${back}`, statusCode);
      }
      const status = STATUS_TEXTS[language][request.state];
      return show(
        reply,
        language,
        texts.finishedTitle,
        html`<p>${fill(texts.finished, { status })}</p>${back}`,
        statusCode,
      );
    }

    function notFoundPage(reply: FastifyReply, language: Language) {
      const texts = TEXTS[language];
      return show(reply, language, texts.notFoundTitle, html`<p>${texts.notFound}</p>`, 404);
    }

    /** The request behind the page's token, as it stands now (expired when its time is over). */
    function requestOf(request: FastifyRequest): SigningRequest | undefined {
      const token = pageTokenOf(request);
      return token === undefined ? undefined : requests.byPageToken(token);
    }

    /** A person on the page makes the request in progress, whatever they do there. */
    function opened(request: SigningRequest): SigningRequest {
      if (request.state !== 'created') return request;
      const inProgress: SigningRequest = { ...request, state: 'in-progress' };
      requests.save(inProgress);
      return inProgress;
    }

    function current(reply: FastifyReply, request: SigningRequest, language: Language) {
      if (isFinished(request.state)) return finishedPage(reply, request, language);
      if (request.waitingUntil) return waitingPage(reply, request, language);
      return approvePage(reply, request, language);
    }

    app.get(
      '/signing/bankid/:pageToken',
      {
        schema: {
          tags: ['signing'],
          summary:
            'The "approve with BankID" page (AuthenticationUrl): lists the test identities; opening it moves the request to in progress',
        },
      },
      async (request, reply) => {
        const language = pickLanguage(request);
        const signingRequest = requestOf(request);
        if (!signingRequest) return notFoundPage(reply, language);
        return current(reply, opened(signingRequest), language);
      },
    );

    app.get(
      '/signing/bankid/:pageToken/wait',
      {
        schema: {
          tags: ['signing'],
          summary:
            'Where the waiting page comes back to: still waiting, or (once BankID has given up) expired and sent to CancelUrl',
        },
      },
      async (request, reply) => {
        const language = pickLanguage(request);
        const signingRequest = requestOf(request);
        if (!signingRequest) return notFoundPage(reply, language);
        if (signingRequest.state === 'expired') return reply.redirect(cancelTarget(signingRequest), 303);
        return current(reply, signingRequest, language);
      },
    );

    app.post(
      '/signing/bankid/:pageToken',
      {
        schema: {
          tags: ['signing'],
          summary:
            "The page's form: action=approve with ssn (a test identity), or action=cancel. Approving sends the person to ReturnUrl (303); a cancel or a refusal to CancelUrl; a timeout shows a waiting page; a failure an error page",
        },
      },
      async (request, reply) => {
        const language = pickLanguage(request);
        const found = requestOf(request);
        if (!found) return notFoundPage(reply, language);
        if (isFinished(found.state)) return finishedPage(reply, found, language, 409);
        const signingRequest = opened(found);

        const form = PageForm.safeParse(request.body ?? {});
        if (!form.success) {
          return approvePage(reply, signingRequest, language, unreadableFormProblem(language));
        }
        if (form.data.action === 'cancel') {
          requests.finish(signingRequest, 'cancelled');
          return reply.redirect(cancelTarget(signingRequest), 303);
        }
        if (signingRequest.waitingUntil) return waitingPage(reply, signingRequest, language);

        const { person, problem } = readTestPerson(form.data.ssn ?? '', language);
        if (problem) return approvePage(reply, signingRequest, language, problem);
        switch (person.behaviour.signing) {
          case 'approves':
            requests.finish(signingRequest, 'completed', person.ssn);
            return reply.redirect(signingRequest.returnUrl, 303);
          case 'rejects':
            requests.finish(signingRequest, 'cancelled');
            return reply.redirect(cancelTarget(signingRequest), 303);
          case 'times-out': {
            const waitingUntil = new Date(context.clock.now().getTime() + seconds * 1000).toISOString();
            requests.save({ ...signingRequest, state: 'in-progress', waitingUntil, waitingFor: person.ssn });
            return reply.redirect(pagePath(signingRequest.pageToken, language, '/wait'), 303);
          }
          case 'fails':
            return finishedPage(reply, requests.finish(signingRequest, 'failed'), language);
        }
      },
    );
  };
}
