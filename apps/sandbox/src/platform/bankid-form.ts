import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { html, type Language, type SafeHtml, type Texts } from './pages';
import { findPerson, TEST_PEOPLE, type TestPerson } from './world';

/**
 * The pieces every "identify with BankID" page of the sandbox shares: the form a person types a test
 * identity's national identity number into, the list of test identities beside it, and the reading
 * of what they typed. Each party's page adds its own texts, decisions and onward links.
 */

const TEXTS: Texts<
  'cancel' | 'people' | 'ssn' | 'name' | 'outcome' | 'notDigits' | 'unknownPerson' | 'unreadableForm'
> = {
  en: {
    cancel: 'Cancel',
    people: 'Test identities',
    ssn: 'National identity number',
    name: 'Name',
    outcome: 'What happens',
    notDigits: 'Type the 11 digits of a national identity number.',
    unknownPerson: 'No test identity has the number {ssn}. Choose one from the list below.',
    unreadableForm: 'The form could not be read. Try again.',
  },
  no: {
    cancel: 'Avbryt',
    people: 'Testidentiteter',
    ssn: 'Fødselsnummer',
    name: 'Navn',
    outcome: 'Hva skjer',
    notDigits: 'Skriv de 11 sifrene i et fødselsnummer.',
    unknownPerson: 'Ingen testidentitet har nummeret {ssn}. Velg en fra listen nedenfor.',
    unreadableForm: 'Skjemaet kunne ikke leses. Prøv igjen.',
  },
};

/** What the person typed, kept in the field, and why it was not taken. */
export type SsnProblem = { message: string; typed: string };

/** `{name}` in a text replaced by its value; a name without a value stays as it is. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

const PageToken = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

/** The page token in the path, when it is one this sandbox could have handed out. */
export function pageTokenOf(request: FastifyRequest): string | undefined {
  const token = PageToken.safeParse((request.params as { pageToken?: unknown }).pageToken);
  return token.success ? token.data : undefined;
}

export function unreadableFormProblem(language: Language): SsnProblem {
  return { message: TEXTS[language].unreadableForm, typed: '' };
}

/** The test identity behind what the person typed, or the problem to show them on the form again. */
export function readTestPerson(
  typed: string,
  language: Language,
): { person: TestPerson; problem?: undefined } | { person?: undefined; problem: SsnProblem } {
  const texts = TEXTS[language];
  const ssn = typed.replace(/\s/g, '');
  if (!/^\d{11}$/.test(ssn)) return { problem: { message: texts.notDigits, typed } };
  const person = findPerson(ssn);
  if (!person) return { problem: { message: fill(texts.unknownPerson, { ssn }), typed } };
  return { person };
}

type BankIdFormOptions = {
  language: Language;
  /** Where the form posts to. */
  action: string;
  ssnLabel: string;
  /** The action and button of going on with BankID; the other button cancels. */
  submit: { action: string; label: string };
  /** The number the field starts with, where no problem keeps what the person typed. */
  prefilled?: string;
  problem?: SsnProblem;
  /** What each test identity's BankID behaviour does on this page. */
  outcomeOf: (person: TestPerson) => string;
};

/** The national identity number form, then the test identities to choose from and what each does. */
export function bankIdForm({
  language,
  action,
  ssnLabel,
  submit,
  prefilled = '',
  problem,
  outcomeOf,
}: BankIdFormOptions): SafeHtml {
  const texts = TEXTS[language];
  return html`<form method="post" action="${action}">
<label for="ssn">${ssnLabel}</label>
${problem ? html`<p class="error" id="ssn-error" role="alert">${problem.message}</p>` : ''}
<input id="ssn" name="ssn" type="text" inputmode="numeric" autocomplete="off" maxlength="64" required autofocus value="${problem?.typed ?? prefilled}"${problem ? html` aria-invalid="true" aria-describedby="ssn-error"` : ''}>
<button class="primary" type="submit" name="action" value="${submit.action}">${submit.label}</button>
<button class="danger" type="submit" name="action" value="cancel" formnovalidate>${texts.cancel}</button>
</form>
<h2>${texts.people}</h2>
<table><thead><tr><th scope="col">${texts.ssn}</th><th scope="col">${texts.name}</th><th scope="col">${texts.outcome}</th></tr></thead><tbody>
${TEST_PEOPLE.map((person) => html`<tr><td><code>${person.ssn}</code></td><td>${person.name}</td><td>${outcomeOf(person)}</td></tr>`)}
</tbody></table>`;
}
