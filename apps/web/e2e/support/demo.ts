/** The people and companies the server seeds into an empty database. */
export const DEMO_PASSWORD = 'demo1234';

export const demoUsers = {
  accountant: { email: 'regnskap@demo.no', fullName: 'Kari Regnskap', firstName: 'Kari' },
  ceo: { email: 'ansatt@demo.no', fullName: 'Ola Ansatt', firstName: 'Ola' },
  admin: { email: 'admin@demo.no', fullName: 'Anne Admin', firstName: 'Anne' },
} as const;

export type DemoCompany = { id: number; alias: string; name: string; organisationNumber: string };

export const demoCompanies = {
  bakery: { id: 1, alias: 'nordlys-bakeri', name: 'Nordlys Bakeri AS', organisationNumber: '923 456 783' },
  construction: {
    id: 2,
    alias: 'fjelltopp-bygg',
    name: 'Fjelltopp Bygg AS',
    organisationNumber: '934 567 897',
  },
  fishery: {
    id: 3,
    alias: 'havblikk-fiskeri',
    name: 'Havblikk Fiskeri AS',
    organisationNumber: '812 345 672',
  },
  bureau: {
    id: 4,
    alias: 'regnskapskontoret',
    name: 'Regnskapskontoret Demo AS',
    organisationNumber: '998 877 660',
  },
} as const satisfies Record<string, DemoCompany>;
