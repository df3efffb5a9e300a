import type { Division } from '@bilag/contracts';
import { describe, expect, it } from 'vitest';
import { checkOrganisationNumber, parseDivisionForm, toDivisionFormValues } from './division.form';

describe('the division form', () => {
  it('reads an organisation number typed with spaces or dots into its nine digits', () => {
    expect(checkOrganisationNumber('974 760 673')).toEqual({ state: 'valid', normalized: '974760673' });
    expect(checkOrganisationNumber('974.760.673')).toEqual({ state: 'valid', normalized: '974760673' });
  });

  it('says why an organisation number is wrong', () => {
    expect(checkOrganisationNumber('')).toMatchObject({
      error: 'companyServices.divisions.errors.organisationNumberRequired',
    });
    expect(checkOrganisationNumber('97476067A')).toMatchObject({
      error: 'companyServices.divisions.errors.organisationNumberDigits',
    });
    expect(checkOrganisationNumber('97476067')).toMatchObject({
      error: 'companyServices.divisions.errors.organisationNumberLength',
    });
    expect(checkOrganisationNumber('974760674')).toMatchObject({
      error: 'companyServices.divisions.errors.organisationNumberChecksum',
    });
  });

  it('shows every error at once and sends nothing while one stands', () => {
    expect(parseDivisionForm({ name: '  ', organisationNumber: '123', companyBankIds: [] })).toEqual({
      isValid: false,
      errors: {
        name: 'companyServices.divisions.errors.nameRequired',
        organisationNumber: 'companyServices.divisions.errors.organisationNumberLength',
      },
    });
  });

  it('sends the trimmed name, the bare number and each chosen account once', () => {
    expect(
      parseDivisionForm({
        name: ' Avdeling Nord ',
        organisationNumber: '974 760 673',
        companyBankIds: ['4', '7', '4'],
      }),
    ).toEqual({
      isValid: true,
      changes: { name: 'Avdeling Nord', organisationNumber: '974760673', companyBankIds: [4, 7] },
    });
  });

  it('fills the form from a division as it is shown', () => {
    const division: Division = {
      id: 3,
      companyId: 1,
      name: 'Avdeling Sør',
      organisationNumber: '988077917',
      accounts: [{ companyBankId: 9, accountNumber: '15030000005', name: null }],
      createdAt: '2025-03-01T10:00:00.000Z',
      updatedAt: '2025-03-01T10:00:00.000Z',
    };
    expect(toDivisionFormValues(division)).toEqual({
      name: 'Avdeling Sør',
      organisationNumber: '988 077 917',
      companyBankIds: ['9'],
    });
  });
});
