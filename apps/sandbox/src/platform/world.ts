import { bbanToIban } from '@bilag/domain';

/**
 * The people, companies and accounts the sandbox's parties share. Banks show these accounts, the
 * eID provider signs these people in, and the bank authorisation service answers from the rights
 * below, so a flow that crosses parties sees one consistent world. The demo companies and their
 * organisation numbers are the ones `npm start` seeds into the product.
 */

/** How a test person's strong authentication ends. */
export type PersonBehaviour = 'approves' | 'rejects' | 'times-out' | 'fails';

/** Where a person authenticates strongly: BankID at the eID signing provider, or a bank's SCA page. */
export type AuthenticationParty = 'signing' | 'bank';

export type TestPerson = {
  /** A synthetic national identity number (month + 80), valid by both control digits. */
  ssn: string;
  name: string;
  behaviour: Readonly<Record<AuthenticationParty, PersonBehaviour>>;
};

const everywhere = (behaviour: PersonBehaviour): TestPerson['behaviour'] => ({
  signing: behaviour,
  bank: behaviour,
});

export const TEST_PEOPLE: readonly TestPerson[] = [
  { ssn: '12857910093', name: 'Kari Nordmann', behaviour: everywhere('approves') },
  { ssn: '03878510096', name: 'Ola Nordmann', behaviour: everywhere('approves') },
  { ssn: '21919010182', name: 'Rita Avslag', behaviour: everywhere('rejects') },
  { ssn: '30827210060', name: 'Tore Tidsavbrudd', behaviour: everywhere('times-out') },
  { ssn: '07896610087', name: 'Feil Feilsen', behaviour: everywhere('fails') },
  // Signs with BankID and then never answers at the bank, so the product meets a bank's SCA
  // timeout: the bank fixes the person who signed, and Tore never gets past the signing.
  { ssn: '14918310143', name: 'Vera Ventetid', behaviour: { signing: 'approves', bank: 'times-out' } },
];

export type SandboxBank = {
  /** The path segment the bank answers under: /psd2/{id}/v1/... */
  id: 'dnb' | 'sparebank1' | 'handelsbanken';
  bic: string;
  name: string;
};

/** The BICs are those of the product's bank registry. */
export const SANDBOX_BANKS: readonly SandboxBank[] = [
  { id: 'dnb', bic: 'DNBANOKK', name: 'DNB Bank' },
  { id: 'sparebank1', bic: 'SPSONO22', name: 'SpareBank 1 SR-Bank' },
  { id: 'handelsbanken', bic: 'HANDNOKK', name: 'Handelsbanken' },
];

export type SandboxCompany = { organisationNumber: string; name: string };

export const SANDBOX_COMPANIES: readonly SandboxCompany[] = [
  { organisationNumber: '923456783', name: 'Nordlys Bakeri AS' },
  { organisationNumber: '934567897', name: 'Fjelltopp Bygg AS' },
  { organisationNumber: '812345672', name: 'Havblikk Fiskeri AS' },
];

export type SandboxAccount = {
  bankId: SandboxBank['id'];
  bban: string;
  iban: string;
  currency: 'NOK';
  name: string;
  product: string;
  ownerOrganisationNumber: string;
  /** The balance the day before `openedOn`, in øre; seeded activity runs from then on. */
  openingBalanceMinor: number;
  openedOn: string;
};

function account(
  bankId: SandboxBank['id'],
  bban: string,
  ownerOrganisationNumber: string,
  name: string,
  product: string,
  openingBalanceMinor: number,
): SandboxAccount {
  return {
    bankId,
    bban,
    iban: bbanToIban('NO', bban),
    currency: 'NOK',
    name,
    product,
    ownerOrganisationNumber,
    openingBalanceMinor,
    openedOn: '2025-01-01',
  };
}

export const SANDBOX_ACCOUNTS: readonly SandboxAccount[] = [
  account('dnb', '15030123457', '923456783', 'Driftskonto', 'Bedriftskonto', 48_250_00),
  account('dnb', '15039876547', '923456783', 'Skattetrekk', 'Skattetrekkskonto', 12_000_00),
  account('sparebank1', '32010456788', '934567897', 'Driftskonto', 'Bedriftskonto', 153_900_00),
  account('sparebank1', '32010998874', '934567897', 'Prosjektkonto', 'Bedriftskonto', 20_000_00),
  account('handelsbanken', '90011122336', '812345672', 'Driftskonto', 'Bedriftskonto', 310_450_00),
  account('handelsbanken', '90015566778', '812345672', 'Valutakonto', 'Bedriftskonto', 5_000_00),
];

/** Who may see and pay from which company's accounts: every listed account, or all of the company's. */
export type AccountRight = { ssn: string; organisationNumber: string; bbans: 'all' | readonly string[] };

export const ACCOUNT_RIGHTS: readonly AccountRight[] = [
  { ssn: '12857910093', organisationNumber: '923456783', bbans: 'all' },
  { ssn: '12857910093', organisationNumber: '934567897', bbans: 'all' },
  { ssn: '12857910093', organisationNumber: '812345672', bbans: 'all' },
  // Ola may pay from the bakery's operating account only, not from its tax deduction account.
  { ssn: '03878510096', organisationNumber: '923456783', bbans: ['15030123457'] },
  { ssn: '21919010182', organisationNumber: '923456783', bbans: 'all' },
  { ssn: '30827210060', organisationNumber: '923456783', bbans: 'all' },
  { ssn: '14918310143', organisationNumber: '923456783', bbans: 'all' },
  { ssn: '07896610087', organisationNumber: '923456783', bbans: 'all' },
];

export function findPerson(ssn: string): TestPerson | undefined {
  return TEST_PEOPLE.find((person) => person.ssn === ssn);
}

export function findBank(id: string): SandboxBank | undefined {
  return SANDBOX_BANKS.find((bank) => bank.id === id);
}

export function findAccount(bankId: string, identification: string): SandboxAccount | undefined {
  return SANDBOX_ACCOUNTS.find(
    (candidate) =>
      candidate.bankId === bankId && (candidate.bban === identification || candidate.iban === identification),
  );
}

/** Whether the person may act on the account (see its data, pay from it). */
export function mayUseAccount(ssn: string, account: SandboxAccount): boolean {
  return ACCOUNT_RIGHTS.some(
    (right) =>
      right.ssn === ssn &&
      right.organisationNumber === account.ownerOrganisationNumber &&
      (right.bbans === 'all' || right.bbans.includes(account.bban)),
  );
}

/** The accounts of one bank the person may use, optionally only those of one company. */
export function accountsOf(bankId: string, ssn: string, organisationNumber?: string): SandboxAccount[] {
  return SANDBOX_ACCOUNTS.filter(
    (candidate) =>
      candidate.bankId === bankId &&
      (organisationNumber === undefined || candidate.ownerOrganisationNumber === organisationNumber) &&
      mayUseAccount(ssn, candidate),
  );
}

// Banks: accounts that are closed. The NextGenPSD2 banks accept a payment to one, as real banks
// do (they cannot see another bank's books at initiation), and reject it at execution with AC04.

export type ClosedAccount = { bban: string; iban: string; formerOwnerName: string; closedOn: string };

export const CLOSED_ACCOUNTS: readonly ClosedAccount[] = [
  {
    bban: '12075550004',
    iban: bbanToIban('NO', '12075550004'),
    formerOwnerName: 'Kafé Nedlagt AS',
    closedOn: '2025-03-31',
  },
];

/** The closed account with this account number or IBAN, if the sandbox knows one. */
export function findClosedAccount(identification: string): ClosedAccount | undefined {
  return CLOSED_ACCOUNTS.find(
    (candidate) => candidate.bban === identification || candidate.iban === identification,
  );
}

// The payment service's onboarding: the companies its register and risk check know. A company not
// listed is not in the register (company-not-found). Every test person but Ola is a signatory of
// every company here, so each BankID behaviour can be tried on the sign page; Ola is refused there.

/** The legal form in the register: AS, a sole proprietorship (ENK), a foreign company's branch (NUF), a foundation (STI). */
export type OrganisationForm = 'AS' | 'ENK' | 'NUF' | 'STI';

export type RegisteredCompany = {
  organisationNumber: string;
  name: string;
  form: OrganisationForm;
  /** In the VAT register (MVA); a sole proprietorship without it is declined. */
  vatRegistered: boolean;
  /** What the provider's risk check (KYC/AML) decides about the company. */
  riskEvaluation: 'approved' | 'declined';
  /** Already a customer of the payment service before the sandbox started. */
  onboardedBefore: boolean;
  /** Who may sign the sign order for the company (daglig leder or styreleder). */
  signatories: readonly string[];
};

const registered = (
  organisationNumber: string,
  name: string,
  form: OrganisationForm,
  traits: Partial<Pick<RegisteredCompany, 'vatRegistered' | 'riskEvaluation' | 'onboardedBefore'>> = {},
): RegisteredCompany => ({
  organisationNumber,
  name,
  form,
  vatRegistered: traits.vatRegistered ?? true,
  riskEvaluation: traits.riskEvaluation ?? 'approved',
  onboardedBefore: traits.onboardedBefore ?? false,
  signatories: ['12857910093', '21919010182', '30827210060', '07896610087', '14918310143'],
});

export const ONBOARDING_REGISTER: readonly RegisteredCompany[] = [
  registered('923456783', 'Nordlys Bakeri AS', 'AS'),
  registered('934567897', 'Fjelltopp Bygg AS', 'AS'),
  registered('812345672', 'Havblikk Fiskeri AS', 'AS'),
  registered('910000012', 'Allerede Kunde AS', 'AS', { onboardedBefore: true }),
  registered('910000020', 'Frisør Enkeltmann', 'ENK', { vatRegistered: false }),
  registered('910000063', 'Snekker Solberg', 'ENK'),
  registered('910000039', 'Risikabel Handel AS', 'AS', { riskEvaluation: 'declined' }),
  registered('910000047', 'Nordic Trading Branch NUF', 'NUF'),
  registered('910000055', 'Stiftelsen Fjordlys', 'STI'),
];

/** Valid by its check digit and in no register: the provider answers company-not-found. */
export const UNREGISTERED_ORGANISATION_NUMBER = '910000071';

export function findRegisteredCompany(organisationNumber: string): RegisteredCompany | undefined {
  return ONBOARDING_REGISTER.find((company) => company.organisationNumber === organisationNumber);
}
