import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors';
import { hasSharedSamples, SHARED_SAMPLES_DIR, sharedSamplesLabel } from '../xml/__fixtures__/shared-samples';
import { norwegianInvoice } from './__fixtures__/norwegian-invoice';
import { decodedBase64Length } from './attachment';
import { type EhfDocument, parseEhf } from './ehf';
import { taxForRate } from './rule-values';

const rules = (document: EhfDocument) => document.problems.map((problem) => problem.rule);

describe('parseEhf on our own invoices', () => {
  it('reads a Norwegian invoice whose totals add up', () => {
    const invoice = parseEhf(norwegianInvoice());
    expect(invoice).toMatchObject({
      documentType: 'Invoice',
      typeCode: '380',
      id: 'F-2024-0001',
      issueDate: '2024-03-01',
      dueDate: '2024-03-15',
      currency: 'NOK',
      paymentMeansCode: '30',
    });
    expect(invoice.supplier).toMatchObject({
      name: 'Fjordtjenester AS',
      tradingName: 'Fjordtjenester',
      orgNumber: '123456785',
      endpointId: { id: '123456785', scheme: '0192' },
      vatId: 'NO123456785MVA',
    });
    expect(invoice.customer).toMatchObject({ name: 'Kjøper & Co AS', orgNumber: '987654325' });
    expect(invoice.totals).toMatchObject({
      lineExtensionAmount: 9_418_70,
      taxExclusiveAmount: 9_418_70,
      taxAmount: 2_227_96,
      taxInclusiveAmount: 11_646_66,
      payableAmount: 11_646_66,
    });
    expect(
      invoice.taxSubtotals.map((subtotal) => [
        subtotal.category,
        subtotal.percent,
        subtotal.taxableAmount,
        subtotal.taxAmount,
      ]),
    ).toEqual([
      ['S', '25', 8_750_00, 2_187_50],
      ['S', '15', 269_70, 40_46],
      ['Z', '0', 399_00, 0],
    ]);
    expect(invoice.lines).toHaveLength(3);
    expect(invoice.lines[1]).toMatchObject({
      id: '2',
      quantity: '3',
      unit: 'EA',
      netAmount: 269_70,
      itemName: 'Kaffe & kaker',
      vatCategory: 'S',
      vatPercent: '15',
    });
    expect(invoice.kid).toBe(invoice.paymentId);
    expect(invoice.supplierAccount).toMatchObject({ bban: '86011117947', iban: undefined, bic: 'DNBANOKK' });
    expect(invoice.problems).toEqual([]);
  });

  it('reads a credit note with credited quantities and no due date', () => {
    const note = parseEhf(norwegianInvoice({ documentType: 'CreditNote', id: 'K-1' }));
    expect(note).toMatchObject({
      documentType: 'CreditNote',
      typeCode: '381',
      id: 'K-1',
      dueDate: undefined,
    });
    expect(note.lines[0]?.quantity).toBe('7');
    expect(note.problems).toEqual([]);
  });

  it('says which totals do not add up', () => {
    const invoice = parseEhf(norwegianInvoice({ payableOverrideOre: 11_000_00 }));
    expect(rules(invoice)).toEqual(['BR-CO-16']);
    expect(invoice.problems[0]).toMatchObject({
      severity: 'fatal',
      path: '/Invoice/LegalMonetaryTotal/PayableAmount',
    });
    expect(invoice.problems[0]?.message).toContain('11646.66');
  });

  it('finds each broken total in a hand-edited invoice', () => {
    const xml = norwegianInvoice()
      .replace(
        '<cbc:LineExtensionAmount currencyID="NOK">269.70</cbc:LineExtensionAmount>',
        '<cbc:LineExtensionAmount currencyID="NOK">270.70</cbc:LineExtensionAmount>',
      )
      .replace(
        '<cbc:TaxAmount currencyID="NOK">2187.50</cbc:TaxAmount>',
        '<cbc:TaxAmount currencyID="NOK">2087.50</cbc:TaxAmount>',
      )
      .replace(
        '<cbc:TaxExclusiveAmount currencyID="NOK">9418.70</cbc:TaxExclusiveAmount>',
        '<cbc:TaxExclusiveAmount currencyID="NOK">9418.00</cbc:TaxExclusiveAmount>',
      );
    expect(rules(parseEhf(xml)).sort()).toEqual(
      [
        'BR-CO-10',
        'BR-CO-13',
        'BR-CO-14',
        'BR-CO-15',
        'BR-CO-17',
        'BR-S-08',
        'BR-S-09',
        'PEPPOL-EN16931-R120',
      ].sort(),
    );
  });

  it('fails, without refusing, an organisation number that breaks its checksum', () => {
    const invoice = parseEhf(norwegianInvoice({ kid: '0003434323213231', supplierOrgNumber: '123456789' }));
    expect(invoice.kid).toBe('0003434323213231');
    expect(new Set(rules(invoice))).toEqual(new Set(['PEPPOL-COMMON-R041', 'NO-R-001']));
  });

  it('reads embedded attachments without decoding them until asked', () => {
    const bytes = new Uint8Array(Array.from({ length: 1000 }, (_, index) => (index * 37) % 256));
    const invoice = parseEhf(
      norwegianInvoice({ attachment: { filename: 'faktura.pdf', mimeType: 'application/pdf', bytes } }),
    );
    const [attachment] = invoice.attachments;
    expect(attachment).toMatchObject({
      filename: 'faktura.pdf',
      mimeType: 'application/pdf',
      size: 1000,
      description: 'Faktura som PDF',
    });
    expect(attachment?.bytes()).toEqual(bytes);
    expect(JSON.parse(JSON.stringify(attachment))).toEqual({
      id: '1',
      description: 'Faktura som PDF',
      filename: 'faktura.pdf',
      mimeType: 'application/pdf',
      size: 1000,
    });
  });

  it('refuses what is not an EHF invoice', () => {
    expect(() => parseEhf('<Order xmlns="urn:oasis:names:specification:ubl:schema:xsd:Order-2"/>')).toThrow(
      expect.objectContaining({ code: 'UNSUPPORTED_FILE' }),
    );
    expect(() =>
      parseEhf('<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"/>'),
    ).toThrow(expect.objectContaining({ code: 'UNSUPPORTED_FILE' }));
    expect(() => parseEhf('<Invoice><ID>1</ID></Invoice>')).toThrow(
      expect.objectContaining({ code: 'INVALID_EHF' }),
    );
    expect(() =>
      parseEhf(norwegianInvoice().replace('currencyID="NOK">9418.70', 'currencyID="NOK">9 418,70')),
    ).toThrow(expect.objectContaining({ code: 'INVALID_EHF' }));
  });

  it('throws nothing but DomainError on damaged invoices and random bytes', () => {
    const xml = norwegianInvoice();
    fc.assert(
      fc.property(
        fc.nat({ max: xml.length }),
        fc.nat({ max: 100 }),
        fc.string({ maxLength: 10 }),
        (at, cut, insert) => {
          try {
            parseEhf(`${xml.slice(0, at)}${insert}${xml.slice(at + cut)}`);
          } catch (error) {
            expect(error).toBeInstanceOf(DomainError);
          }
        },
      ),
      { numRuns: 400 },
    );
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        expect(() => parseEhf(bytes)).toThrow(DomainError);
      }),
      { numRuns: 200 },
    );
  });
});

describe('taxForRate', () => {
  it('rounds half away from zero, exactly', () => {
    expect(taxForRate(1_460_50, '25')).toBe(365_13);
    expect(taxForRate(-1_460_50, '25')).toBe(-365_13);
    expect(taxForRate(100, '15')).toBe(15);
    expect(taxForRate(1_000_00, '12.5')).toBe(125_00);
    expect(taxForRate(3, '11.11')).toBe(0);
    expect(taxForRate(100, 'x')).toBeUndefined();
  });
});

describe('decodedBase64Length', () => {
  it('counts decoded bytes, ignoring line breaks', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.boolean(), (bytes, wrap) => {
        const base64 = Buffer.from(bytes).toString('base64');
        const text = wrap ? (base64.match(/.{1,76}/g) ?? []).join('\r\n') : base64;
        expect(decodedBase64Length(text)).toBe(bytes.length);
      }),
    );
  });
});

describe.skipIf(!hasSharedSamples)(sharedSamplesLabel('ehf'), () => {
  const sample = (name: string) => parseEhf(readFileSync(join(SHARED_SAMPLES_DIR, 'ehf', name)));

  it('Norwegian-example-1.xml', () => {
    const invoice = sample('Norwegian-example-1.xml');
    expect(invoice).toMatchObject({
      documentType: 'Invoice',
      typeCode: '380',
      id: 'TOSL108',
      issueDate: '2013-06-30',
      dueDate: '2013-07-20',
      currency: 'NOK',
      paymentMeansCode: '31',
      kid: '0003434323213231',
    });
    expect(invoice.supplier).toMatchObject({
      name: 'The Sellercompany ASA',
      orgNumber: '123456785',
      orgNumberScheme: '0192',
      endpointId: { id: '123456785', scheme: '0192' },
      vatId: 'NO123456785MVA',
    });
    expect(invoice.customer).toMatchObject({ name: 'Buyercompany ASA', orgNumber: '987654325' });
    expect(invoice.supplierAccount).toMatchObject({ iban: 'NO9386011117947', bic: 'DNBANOKK' });
    expect(invoice.lines).toHaveLength(5);
    expect(
      invoice.taxSubtotals.map((subtotal) => [
        subtotal.category,
        subtotal.percent,
        subtotal.taxableAmount,
        subtotal.taxAmount,
      ]),
    ).toEqual([
      ['S', '25', 1_460_50, 365_13],
      ['S', '15', 1_00, 15],
      ['E', '0', -25_00, 0],
    ]);
    expect(invoice.totals).toEqual({
      lineExtensionAmount: 1_436_50,
      taxExclusiveAmount: 1_436_50,
      taxInclusiveAmount: 1_801_78,
      allowanceTotalAmount: 100_00,
      chargeTotalAmount: 100_00,
      prepaidAmount: 1_000_00,
      payableRoundingAmount: 22,
      payableAmount: 802_00,
      taxAmount: 365_28,
    });
    expect(invoice.allowanceCharges.map((entry) => [entry.isCharge, entry.amount])).toEqual([
      [true, 100_00],
      [false, 100_00],
    ]);
    expect(invoice.problems).toEqual([]);
    expect(
      invoice.attachments.map((attachment) => [attachment.filename, attachment.mimeType, attachment.size]),
    ).toEqual([['Hours-spent.csv', 'application/pdf', 21]]);
    expect(new TextDecoder().decode(invoice.attachments[0]?.bytes())).toBe('Test base 64 encoding');
  });

  it('ehf-3-faktura-1.xml: the same invoice paid to a plain BBAN', () => {
    const invoice = sample('ehf-3-faktura-1.xml');
    expect(invoice).toMatchObject({ id: 'TOSL108', kid: '0003434323213231' });
    expect(invoice.totals.payableAmount).toBe(802_00);
    expect(invoice.supplierAccount).toMatchObject({ bban: '86011117947', iban: undefined, bic: 'DNBANOKK' });
    expect(invoice.problems).toEqual([]);
  });

  it.each([
    'Invoice_EHF3.0_forward-billing-nettleie-corporate_v2.0.xml',
    'Invoice_EHF3.0_forward-billing-nettleie-consumer_v2.0.xml',
  ])('%s: forward-billing invoice type 82', (file) => {
    const invoice = sample(file);
    expect(invoice).toMatchObject({
      documentType: 'Invoice',
      typeCode: '82',
      id: '0997462625',
      issueDate: '2019-04-01',
      dueDate: '2019-05-12',
      currency: 'NOK',
      paymentMeansCode: '31',
      kid: '0003434323213231',
    });
    expect(invoice.customizationId).toContain('urn:fdc:anskaffelser.no:2019:ehf:forward-billing:3.0');
    expect(invoice.supplier).toMatchObject({
      name: 'Havblikk Nett AS',
      orgNumber: '811143758',
      vatId: 'NO811143758MVA',
    });
    expect(invoice.supplierAccount).toMatchObject({ iban: 'NO9386011117947', bic: 'DNBANOKK' });
    expect(invoice.lines).toHaveLength(2);
    expect(
      invoice.taxSubtotals.map((subtotal) => [subtotal.percent, subtotal.taxableAmount, subtotal.taxAmount]),
    ).toEqual([['25', 1_234_71, 308_63]]);
    expect(invoice.totals.payableAmount).toBe(1_543_34);
    if (file.includes('consumer')) {
      expect(invoice.customer.orgNumber).toBe('123456789');
      expect(rules(invoice)).toContain('PEPPOL-COMMON-R041');
    } else {
      expect(invoice.customer).toMatchObject({ name: 'Kraftselskapet AS', orgNumber: '987654325' });
      expect(rules(invoice)).not.toContain('PEPPOL-COMMON-R041');
    }
  });

  it.each([
    'Creditnote_EHF3.0_forward-billing-nettleie-corporate_v2.0.xml',
    'Creditnote_EHF3.0_forward-billing-nettleie-consumer_v2.0.xml',
  ])('%s: credit note type 81 without due date', (file) => {
    const note = sample(file);
    expect(note).toMatchObject({
      documentType: 'CreditNote',
      typeCode: '81',
      id: '0997462625',
      issueDate: '2019-04-01',
      dueDate: undefined,
      currency: 'NOK',
      paymentMeansCode: '30',
      kid: '0003434323213231',
    });
    expect(note.customer.orgNumber).toBe('987654325');
    expect(note.supplierAccount?.iban).toBe('NO9386011117947');
    expect(note.totals.payableAmount).toBe(1_543_34);
  });

  it('base-example.xml: EUR invoice with a payment id that is not a KID', () => {
    const invoice = sample('base-example.xml');
    expect(invoice).toMatchObject({
      typeCode: '380',
      id: 'Snippet1',
      issueDate: '2017-11-13',
      dueDate: '2017-12-01',
      currency: 'EUR',
      paymentMeansCode: '30',
      paymentId: 'Snippet1',
      kid: undefined,
    });
    expect(invoice.supplier).toMatchObject({
      name: 'SupplierOfficialName Ltd',
      endpointId: { id: '9482348239847239874', scheme: '0088' },
      orgNumber: 'GB983294',
      vatId: 'GB1232434',
    });
    expect(invoice.customer).toMatchObject({ orgNumber: '39937423947', orgNumberScheme: '0183' });
    expect(invoice.supplierAccount).toMatchObject({ id: 'IBAN32423940', bic: 'BIC324098' });
    expect(invoice.totals).toMatchObject({
      chargeTotalAmount: 25_00,
      taxAmount: 331_25,
      taxExclusiveAmount: 1_325_00,
      payableAmount: 1_656_25,
    });
    expect(invoice.problems).toEqual([]);
  });

  it('base-creditnote-correction.xml: credit note 381 referring to the invoice', () => {
    const note = sample('base-creditnote-correction.xml');
    expect(note).toMatchObject({
      documentType: 'CreditNote',
      typeCode: '381',
      id: 'Snippet1',
      billingReference: 'Snippet1',
      currency: 'EUR',
      dueDate: undefined,
    });
    expect(note.totals.payableAmount).toBe(1_656_25);
    expect(note.problems).toEqual([]);
  });

  it('base-negative-inv-correction.xml: negative totals', () => {
    const invoice = sample('base-negative-inv-correction.xml');
    expect(invoice).toMatchObject({ typeCode: '380', id: 'Correction1', billingReference: 'Snippet1' });
    expect(invoice.totals).toMatchObject({ payableAmount: -1_656_25, taxAmount: -331_25 });
    expect(invoice.problems).toEqual([]);
  });

  it('Allowance-example.xml: allowances, charges and prepaid amount', () => {
    const invoice = sample('Allowance-example.xml');
    expect(invoice).toMatchObject({ id: 'Snippet1', currency: 'EUR', dueDate: '2017-12-01' });
    expect(invoice.lines).toHaveLength(3);
    expect(invoice.totals).toMatchObject({
      allowanceTotalAmount: 200_00,
      chargeTotalAmount: 200_00,
      taxExclusiveAmount: 5_900_00,
      taxInclusiveAmount: 7_125_00,
      prepaidAmount: 1_000_00,
      payableAmount: 6_125_00,
    });
    expect(
      invoice.taxSubtotals.map((subtotal) => [
        subtotal.category,
        subtotal.taxableAmount,
        subtotal.taxAmount,
        subtotal.exemptionReason,
      ]),
    ).toEqual([
      ['S', 4_900_00, 1_225_00, undefined],
      ['E', 1_000_00, 0, 'Reason for tax exempt'],
    ]);
    expect(invoice.problems).toEqual([]);
  });

  it('Vat-category-S.xml: two standard rates', () => {
    const invoice = sample('Vat-category-S.xml');
    expect(
      invoice.taxSubtotals.map((subtotal) => [subtotal.percent, subtotal.taxableAmount, subtotal.taxAmount]),
    ).toEqual([
      ['25', 5_000_00, 1_250_00],
      ['15', 2_000_00, 300_00],
    ]);
    expect(invoice.totals).toMatchObject({
      allowanceTotalAmount: 100_00,
      chargeTotalAmount: 200_00,
      taxExclusiveAmount: 7_000_00,
      taxInclusiveAmount: 8_550_00,
      payableAmount: 8_550_00,
    });
    expect(invoice.problems).toEqual([]);
  });

  it('vat-category-E.xml: GBP, exempt, no due date and no payment id', () => {
    const invoice = sample('vat-category-E.xml');
    expect(invoice).toMatchObject({
      id: 'Vat-Z',
      issueDate: '2018-08-30',
      currency: 'GBP',
      dueDate: undefined,
      paymentId: undefined,
      kid: undefined,
    });
    expect(invoice.supplier).toMatchObject({ name: 'The Sellercompany Incorporated', vatId: 'GB928741974' });
    expect(invoice.taxSubtotals[0]).toMatchObject({
      category: 'E',
      exemptionReasonCode: 'VATEX-EU-F',
      taxAmount: 0,
    });
    expect(invoice.totals.payableAmount).toBe(1_200_00);
    expect(invoice.supplierAccount).toMatchObject({ iban: 'SE1212341234123412', bic: 'SEXDABCD' });
  });

  it('vat-category-O.xml: SEK, not subject to VAT, supplier without VAT number', () => {
    const invoice = sample('vat-category-O.xml');
    expect(invoice).toMatchObject({
      id: 'Vat-O',
      issueDate: '2018-08-30',
      currency: 'SEK',
      dueDate: undefined,
      paymentId: undefined,
    });
    expect(invoice.supplier).toMatchObject({
      name: 'The Sellercompany Incorporated',
      vatId: undefined,
      endpointId: { id: '7300010000001', scheme: '0088' },
    });
    expect(invoice.totals).toMatchObject({ taxAmount: 0, payableAmount: 3_200_00 });
    expect(invoice.supplierAccount).toMatchObject({ iban: 'SE1212341234123412', bic: 'SEXDABCD' });
  });
});
