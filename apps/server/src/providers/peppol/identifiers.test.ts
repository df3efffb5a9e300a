import { describe, expect, it } from 'vitest';
import { readDocumentType, readParticipantValue } from './identifiers';

const BIS = 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0';

describe('PEPPOL identifiers', () => {
  it('reads the BIS Billing 3 invoice and credit note, and national extensions of them', () => {
    expect(
      readDocumentType(`urn:oasis:names:specification:ubl:schema:xsd:Invoice-2::Invoice##${BIS}::2.1`),
    ).toEqual({
      kind: 'invoice',
      customizationId: BIS,
    });
    const forwardBilling = `${BIS}#conformant#urn:fdc:anskaffelser.no:2019:ehf:forward-billing:3.0`;
    expect(
      readDocumentType(
        `urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2::CreditNote##${forwardBilling}::2.1`,
      ),
    ).toEqual({ kind: 'creditnote', customizationId: forwardBilling });
  });

  it('knows no other document type, namespace, customization or version', () => {
    for (const identifier of [
      `urn:oasis:names:specification:ubl:schema:xsd:Order-2::Order##${BIS}::2.1`,
      `urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2::Invoice##${BIS}::2.1`,
      'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2::Invoice##urn:cen.eu:en16931:2017::2.1',
      `urn:oasis:names:specification:ubl:schema:xsd:Invoice-2::Invoice##${BIS}::2.0`,
      'nonsense',
    ]) {
      expect(readDocumentType(identifier), identifier).toBeUndefined();
    }
  });

  it('reads participants, checking a Norwegian organisation number by mod 11', () => {
    expect(readParticipantValue('0192:923456783')).toEqual({
      scheme: '0192',
      identifier: '923456783',
      organisationNumber: '923456783',
    });
    expect(readParticipantValue('0088:7300010000001')).toEqual({
      scheme: '0088',
      identifier: '7300010000001',
      organisationNumber: undefined,
    });
    for (const value of ['0192:923456784', '192:923456783', '0192:', '0192:92 3456783', undefined]) {
      expect(readParticipantValue(value), String(value)).toBeUndefined();
    }
  });
});
