import { describe, expect, it } from 'vitest';
import { readBusinessCardName, readServiceGroup, SmpAnswerError } from './smp';

const INVOICE =
  'busdox-docid-qns::urn:oasis:names:specification:ubl:schema:xsd:Invoice-2::Invoice##urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0::2.1';
const ORDER =
  'busdox-docid-qns::urn:oasis:names:specification:ubl:schema:xsd:Order-2::Order##urn:fdc:peppol.eu:poacc:trns:order:3::2.1';

function serviceGroup(participant: string, documentTypes: string[]) {
  const references = documentTypes
    .map(
      (type) =>
        `<smp:ServiceMetadataReference href="https://smp.example/iso6523-actorid-upis%3A%3A${encodeURIComponent(participant)}/services/${encodeURIComponent(type)}"/>`,
    )
    .join('');
  return `<smp:ServiceGroup xmlns:smp="http://busdox.org/serviceMetadata/publishing/1.0/" xmlns:id="http://busdox.org/transport/identifiers/1.0/">
<id:ParticipantIdentifier scheme="iso6523-actorid-upis">${participant}</id:ParticipantIdentifier>
<smp:ServiceMetadataReferenceCollection>${references}</smp:ServiceMetadataReferenceCollection></smp:ServiceGroup>`;
}

describe('reading SMP answers', () => {
  it('keeps the BIS Billing 3 document types and leaves out the others', () => {
    expect(readServiceGroup(serviceGroup('0192:923456783', [ORDER, INVOICE]), '923456783')).toEqual([
      'invoice',
    ]);
  });

  it('refuses an answer about another participant, another root, or with a DTD', () => {
    expect(() => readServiceGroup(serviceGroup('0192:934567897', [INVOICE]), '923456783')).toThrow(
      SmpAnswerError,
    );
    expect(() => readServiceGroup('<html><body>SMP</body></html>', '923456783')).toThrow(SmpAnswerError);
    expect(() =>
      readServiceGroup(
        `<!DOCTYPE x [<!ENTITY e "e">]>${serviceGroup('0192:923456783', [INVOICE])}`,
        '923456783',
      ),
    ).toThrow(/document type declaration/);
  });

  it("reads the name on a participant's business card", () => {
    const card = `<BusinessCard xmlns="http://www.peppol.eu/schema/pd/businesscard/20180621/">
<ParticipantIdentifier scheme="iso6523-actorid-upis">0192:923456783</ParticipantIdentifier>
<BusinessEntity><Name language="no">Nordlys Bakeri AS</Name><CountryCode>NO</CountryCode></BusinessEntity></BusinessCard>`;
    expect(readBusinessCardName(card, '923456783')).toBe('Nordlys Bakeri AS');
    expect(() => readBusinessCardName(card, '934567897')).toThrow(SmpAnswerError);
  });
});
