import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasSharedSamples, SHARED_SAMPLES_DIR, sharedSamplesLabel } from '../xml/__fixtures__/shared-samples';
import { norwegianInvoice } from './__fixtures__/norwegian-invoice';
import { hasFatalProblems, parseEhf } from './ehf';

const rulesOf = (xml: string) => parseEhf(xml).problems.map((problem) => problem.rule);

/** Replaces text that must be in the document, so a mutation that no longer applies fails loudly. */
function edit(xml: string, from: string, to: string): string {
  if (!xml.includes(from)) throw new Error(`fixture does not contain ${from}`);
  return xml.replace(from, to);
}

const SUPPLIER_TAX = '<cac:PartyTaxScheme><cbc:CompanyID>NO123456785MVA</cbc:CompanyID>';
const VAT_SCHEME = '<cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme>';
const LINE_ONE_CATEGORY = `<cac:ClassifiedTaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>25</cbc:Percent>${VAT_SCHEME}</cac:ClassifiedTaxCategory>`;
const Z_LINE_CATEGORY = `<cac:ClassifiedTaxCategory><cbc:ID>Z</cbc:ID><cbc:Percent>0</cbc:Percent>${VAT_SCHEME}</cac:ClassifiedTaxCategory>`;
const Z_BREAKDOWN = `<cbc:TaxableAmount currencyID="NOK">399.00</cbc:TaxableAmount><cbc:TaxAmount currencyID="NOK">0.00</cbc:TaxAmount><cac:TaxCategory><cbc:ID>Z</cbc:ID><cbc:Percent>0</cbc:Percent>${VAT_SCHEME}</cac:TaxCategory>`;
const S25_BREAKDOWN_TAX = '<cbc:TaxAmount currencyID="NOK">2187.50</cbc:TaxAmount>';
const PRICE_ONE = '<cac:Price><cbc:PriceAmount currencyID="NOK">1250.00</cbc:PriceAmount></cac:Price>';
const QUANTITY_ONE = '<cbc:InvoicedQuantity unitCode="EA">7</cbc:InvoicedQuantity>';
const MONETARY_TOTAL = '<cac:LegalMonetaryTotal>';
const BEFORE_SUPPLIER = '  <cac:AccountingSupplierParty>';
const BEFORE_PAYMENT = '  <cac:PaymentMeans>';
const BEFORE_TAX_TOTAL = '  <cac:TaxTotal>';
const LINE_EXTENSION_TOTAL = '<cbc:LineExtensionAmount currencyID="NOK">9418.70</cbc:LineExtensionAmount>';
const TAX_EXCLUSIVE = '<cbc:TaxExclusiveAmount currencyID="NOK">9418.70</cbc:TaxExclusiveAmount>';
const PAYABLE = '<cbc:PayableAmount currencyID="NOK">11646.66</cbc:PayableAmount>';

/** A Z (zero rated) line and breakdown moved to another VAT category with the same amounts. */
function zLineAs(xml: string, category: string, exemption = ''): string {
  const withLine = edit(
    xml,
    Z_LINE_CATEGORY,
    Z_LINE_CATEGORY.replace('<cbc:ID>Z</cbc:ID>', `<cbc:ID>${category}</cbc:ID>`),
  );
  return edit(
    withLine,
    Z_BREAKDOWN,
    Z_BREAKDOWN.replace(
      '<cbc:ID>Z</cbc:ID><cbc:Percent>0</cbc:Percent>',
      `<cbc:ID>${category}</cbc:ID><cbc:Percent>0</cbc:Percent>${exemption}`,
    ),
  );
}

/** A document level allowance of 100.00 in category Z, with the totals adjusted so only the rule under test breaks. */
function withZAllowance(xml: string, allowance: string): string {
  let result = edit(xml, BEFORE_TAX_TOTAL, `  ${allowance}\n${BEFORE_TAX_TOTAL}`);
  result = edit(result, Z_BREAKDOWN, Z_BREAKDOWN.replace('399.00', '299.00'));
  result = edit(result, TAX_EXCLUSIVE, TAX_EXCLUSIVE.replace('9418.70', '9318.70'));
  result = edit(
    result,
    MONETARY_TOTAL,
    `${MONETARY_TOTAL}<cbc:AllowanceTotalAmount currencyID="NOK">100.00</cbc:AllowanceTotalAmount>`,
  );
  result = edit(
    result,
    '<cbc:TaxInclusiveAmount currencyID="NOK">11646.66',
    '<cbc:TaxInclusiveAmount currencyID="NOK">11546.66',
  );
  return edit(result, PAYABLE, PAYABLE.replace('11646.66', '11546.66'));
}

const Z_ALLOWANCE = `<cac:AllowanceCharge><cbc:ChargeIndicator>false</cbc:ChargeIndicator><cbc:AllowanceChargeReason>Rabatt</cbc:AllowanceChargeReason><cbc:Amount currencyID="NOK">100.00</cbc:Amount><cac:TaxCategory><cbc:ID>Z</cbc:ID><cbc:Percent>0</cbc:Percent>${VAT_SCHEME}</cac:TaxCategory></cac:AllowanceCharge>`;

interface Mutation {
  rule: string;
  mutate: (xml: string) => string;
  documentType?: 'Invoice' | 'CreditNote';
}

const MUTATIONS: Mutation[] = [
  // EN 16931 core rules
  {
    rule: 'BR-01',
    mutate: (xml) => edit(xml, /<cbc:CustomizationID>.*<\/cbc:CustomizationID>\n/.exec(xml)?.[0] ?? '', ''),
  },
  { rule: 'BR-03', mutate: (xml) => edit(xml, '<cbc:IssueDate>2024-03-01</cbc:IssueDate>', '') },
  { rule: 'BR-04', mutate: (xml) => edit(xml, '<cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>', '') },
  {
    rule: 'BR-06',
    mutate: (xml) => edit(xml, '<cbc:RegistrationName>Fjordtjenester AS</cbc:RegistrationName>', ''),
  },
  {
    rule: 'BR-07',
    mutate: (xml) => edit(xml, '<cbc:RegistrationName>Kjøper &amp; Co AS</cbc:RegistrationName>', ''),
  },
  {
    rule: 'BR-08',
    mutate: (xml) =>
      edit(xml, /<cac:PostalAddress><cbc:CityName>.*?<\/cac:PostalAddress>/.exec(xml)?.[0] ?? '', ''),
  },
  {
    rule: 'BR-09',
    mutate: (xml) =>
      edit(
        xml,
        '<cbc:PostalZone>5003</cbc:PostalZone><cac:Country><cbc:IdentificationCode>NO</cbc:IdentificationCode></cac:Country>',
        '<cbc:PostalZone>5003</cbc:PostalZone>',
      ),
  },
  {
    rule: 'BR-10',
    mutate: (xml) =>
      edit(
        xml,
        '    <cac:PostalAddress><cac:Country><cbc:IdentificationCode>NO</cbc:IdentificationCode></cac:Country></cac:PostalAddress>\n    <cac:PartyLegalEntity><cbc:RegistrationName>Kjøper',
        '    <cac:PartyLegalEntity><cbc:RegistrationName>Kjøper',
      ),
  },
  {
    rule: 'BR-11',
    mutate: (xml) =>
      edit(
        xml,
        '<cac:PostalAddress><cac:Country><cbc:IdentificationCode>NO</cbc:IdentificationCode></cac:Country></cac:PostalAddress>',
        '<cac:PostalAddress><cbc:CityName>Oslo</cbc:CityName></cac:PostalAddress>',
      ),
  },
  { rule: 'BR-12', mutate: (xml) => edit(xml, LINE_EXTENSION_TOTAL, '') },
  { rule: 'BR-13', mutate: (xml) => edit(xml, TAX_EXCLUSIVE, '') },
  {
    rule: 'BR-14',
    mutate: (xml) =>
      edit(xml, '<cbc:TaxInclusiveAmount currencyID="NOK">11646.66</cbc:TaxInclusiveAmount>', ''),
  },
  { rule: 'BR-15', mutate: (xml) => edit(xml, PAYABLE, '') },
  { rule: 'BR-16', mutate: (xml) => xml.replace(/ {2}<cac:InvoiceLine>[\s\S]*<\/cac:InvoiceLine>\n/, '') },
  {
    rule: 'BR-17',
    mutate: (xml) =>
      edit(
        xml,
        BEFORE_PAYMENT,
        `  <cac:PayeeParty><cac:PartyIdentification><cbc:ID>X1</cbc:ID></cac:PartyIdentification></cac:PayeeParty>\n${BEFORE_PAYMENT}`,
      ),
  },
  {
    rule: 'BR-18',
    mutate: (xml) =>
      edit(
        xml,
        BEFORE_PAYMENT,
        `  <cac:TaxRepresentativeParty><cac:PostalAddress><cac:Country><cbc:IdentificationCode>NO</cbc:IdentificationCode></cac:Country></cac:PostalAddress><cac:PartyTaxScheme><cbc:CompanyID>NO987654325MVA</cbc:CompanyID>${VAT_SCHEME}</cac:PartyTaxScheme></cac:TaxRepresentativeParty>\n${BEFORE_PAYMENT}`,
      ),
  },
  {
    rule: 'BR-19',
    mutate: (xml) =>
      edit(
        xml,
        BEFORE_PAYMENT,
        `  <cac:TaxRepresentativeParty><cac:PartyName><cbc:Name>Rep</cbc:Name></cac:PartyName><cac:PartyTaxScheme><cbc:CompanyID>NO987654325MVA</cbc:CompanyID>${VAT_SCHEME}</cac:PartyTaxScheme></cac:TaxRepresentativeParty>\n${BEFORE_PAYMENT}`,
      ),
  },
  {
    rule: 'BR-20',
    mutate: (xml) =>
      edit(
        xml,
        BEFORE_PAYMENT,
        `  <cac:TaxRepresentativeParty><cac:PartyName><cbc:Name>Rep</cbc:Name></cac:PartyName><cac:PostalAddress><cbc:CityName>Oslo</cbc:CityName></cac:PostalAddress><cac:PartyTaxScheme><cbc:CompanyID>NO987654325MVA</cbc:CompanyID>${VAT_SCHEME}</cac:PartyTaxScheme></cac:TaxRepresentativeParty>\n${BEFORE_PAYMENT}`,
      ),
  },
  {
    rule: 'BR-56',
    mutate: (xml) =>
      edit(
        xml,
        BEFORE_PAYMENT,
        `  <cac:TaxRepresentativeParty><cac:PartyName><cbc:Name>Rep</cbc:Name></cac:PartyName><cac:PostalAddress><cac:Country><cbc:IdentificationCode>NO</cbc:IdentificationCode></cac:Country></cac:PostalAddress></cac:TaxRepresentativeParty>\n${BEFORE_PAYMENT}`,
      ),
  },
  {
    rule: 'BR-21',
    mutate: (xml) => edit(xml, '<cbc:ID>1</cbc:ID>\n    <cbc:InvoicedQuantity', '<cbc:InvoicedQuantity'),
  },
  { rule: 'BR-22', mutate: (xml) => edit(xml, QUANTITY_ONE, '') },
  {
    rule: 'BR-23',
    mutate: (xml) => edit(xml, QUANTITY_ONE, '<cbc:InvoicedQuantity>7</cbc:InvoicedQuantity>'),
  },
  {
    rule: 'BR-24',
    mutate: (xml) =>
      edit(
        xml,
        '<cbc:LineExtensionAmount currencyID="NOK">8750.00</cbc:LineExtensionAmount>\n    <cac:Item>',
        '<cac:Item>',
      ),
  },
  { rule: 'BR-25', mutate: (xml) => edit(xml, '<cbc:Name>Konsulenttimer</cbc:Name>', '') },
  { rule: 'BR-26', mutate: (xml) => edit(xml, PRICE_ONE, '') },
  {
    rule: 'BR-27',
    mutate: (xml) =>
      edit(
        xml,
        PRICE_ONE,
        '<cac:Price><cbc:PriceAmount currencyID="NOK">-1250.00</cbc:PriceAmount></cac:Price>',
      ),
  },
  {
    rule: 'BR-28',
    mutate: (xml) =>
      edit(
        xml,
        PRICE_ONE,
        '<cac:Price><cbc:PriceAmount currencyID="NOK">1250.00</cbc:PriceAmount><cac:AllowanceCharge><cbc:ChargeIndicator>false</cbc:ChargeIndicator><cbc:Amount currencyID="NOK">0</cbc:Amount><cbc:BaseAmount currencyID="NOK">-1</cbc:BaseAmount></cac:AllowanceCharge></cac:Price>',
      ),
  },
  {
    rule: 'BR-29',
    mutate: (xml) =>
      edit(
        xml,
        BEFORE_SUPPLIER,
        `  <cac:InvoicePeriod><cbc:StartDate>2024-03-31</cbc:StartDate><cbc:EndDate>2024-03-01</cbc:EndDate></cac:InvoicePeriod>\n${BEFORE_SUPPLIER}`,
      ),
  },
  {
    rule: 'BR-30',
    mutate: (xml) =>
      edit(
        xml,
        QUANTITY_ONE,
        `${QUANTITY_ONE}<cbc:LineExtensionAmount currencyID="NOK">8750.00</cbc:LineExtensionAmount><cac:InvoicePeriod><cbc:StartDate>2024-03-31</cbc:StartDate><cbc:EndDate>2024-03-01</cbc:EndDate></cac:InvoicePeriod>`,
      ).replace(
        '</cac:InvoicePeriod>\n    <cbc:LineExtensionAmount currencyID="NOK">8750.00</cbc:LineExtensionAmount>',
        '</cac:InvoicePeriod>',
      ),
  },
  {
    rule: 'BR-31',
    mutate: (xml) =>
      withZAllowance(xml, Z_ALLOWANCE.replace('<cbc:Amount currencyID="NOK">100.00</cbc:Amount>', '')),
  },
  {
    rule: 'BR-32',
    mutate: (xml) => withZAllowance(xml, Z_ALLOWANCE.replace(/<cac:TaxCategory>.*<\/cac:TaxCategory>/, '')),
  },
  {
    rule: 'BR-33',
    mutate: (xml) =>
      withZAllowance(
        xml,
        Z_ALLOWANCE.replace('<cbc:AllowanceChargeReason>Rabatt</cbc:AllowanceChargeReason>', ''),
      ),
  },
  {
    rule: 'BR-CO-21',
    mutate: (xml) =>
      withZAllowance(
        xml,
        Z_ALLOWANCE.replace('<cbc:AllowanceChargeReason>Rabatt</cbc:AllowanceChargeReason>', ''),
      ),
  },
  {
    rule: 'BR-36',
    mutate: (xml) =>
      withZAllowance(
        xml,
        `${Z_ALLOWANCE}<cac:AllowanceCharge><cbc:ChargeIndicator>true</cbc:ChargeIndicator><cbc:AllowanceChargeReason>Frakt</cbc:AllowanceChargeReason><cac:TaxCategory><cbc:ID>Z</cbc:ID><cbc:Percent>0</cbc:Percent>${VAT_SCHEME}</cac:TaxCategory></cac:AllowanceCharge>`,
      ),
  },
  {
    rule: 'BR-37',
    mutate: (xml) =>
      withZAllowance(
        xml,
        `${Z_ALLOWANCE}<cac:AllowanceCharge><cbc:ChargeIndicator>true</cbc:ChargeIndicator><cbc:AllowanceChargeReason>Frakt</cbc:AllowanceChargeReason><cbc:Amount currencyID="NOK">0.00</cbc:Amount></cac:AllowanceCharge>`,
      ),
  },
  {
    rule: 'BR-38',
    mutate: (xml) =>
      withZAllowance(
        xml,
        `${Z_ALLOWANCE}<cac:AllowanceCharge><cbc:ChargeIndicator>true</cbc:ChargeIndicator><cbc:Amount currencyID="NOK">0.00</cbc:Amount><cac:TaxCategory><cbc:ID>Z</cbc:ID><cbc:Percent>0</cbc:Percent>${VAT_SCHEME}</cac:TaxCategory></cac:AllowanceCharge>`,
      ),
  },
  {
    rule: 'BR-CO-22',
    mutate: (xml) =>
      withZAllowance(
        xml,
        `${Z_ALLOWANCE}<cac:AllowanceCharge><cbc:ChargeIndicator>true</cbc:ChargeIndicator><cbc:Amount currencyID="NOK">0.00</cbc:Amount><cac:TaxCategory><cbc:ID>Z</cbc:ID><cbc:Percent>0</cbc:Percent>${VAT_SCHEME}</cac:TaxCategory></cac:AllowanceCharge>`,
      ),
  },
  {
    rule: 'BR-41',
    mutate: (xml) =>
      edit(
        xml,
        PRICE_ONE,
        `<cac:AllowanceCharge><cbc:ChargeIndicator>false</cbc:ChargeIndicator><cbc:AllowanceChargeReason>Rabatt</cbc:AllowanceChargeReason></cac:AllowanceCharge>${PRICE_ONE}`,
      ),
  },
  {
    rule: 'BR-42',
    mutate: (xml) =>
      edit(
        xml,
        PRICE_ONE,
        `<cac:AllowanceCharge><cbc:ChargeIndicator>false</cbc:ChargeIndicator><cbc:Amount currencyID="NOK">0.00</cbc:Amount></cac:AllowanceCharge>${PRICE_ONE}`,
      ),
  },
  {
    rule: 'BR-CO-23',
    mutate: (xml) =>
      edit(
        xml,
        PRICE_ONE,
        `<cac:AllowanceCharge><cbc:ChargeIndicator>false</cbc:ChargeIndicator><cbc:Amount currencyID="NOK">0.00</cbc:Amount></cac:AllowanceCharge>${PRICE_ONE}`,
      ),
  },
  {
    rule: 'BR-43',
    mutate: (xml) =>
      edit(
        xml,
        PRICE_ONE,
        `<cac:AllowanceCharge><cbc:ChargeIndicator>true</cbc:ChargeIndicator><cbc:AllowanceChargeReason>Frakt</cbc:AllowanceChargeReason></cac:AllowanceCharge>${PRICE_ONE}`,
      ),
  },
  {
    rule: 'BR-44',
    mutate: (xml) =>
      edit(
        xml,
        PRICE_ONE,
        `<cac:AllowanceCharge><cbc:ChargeIndicator>true</cbc:ChargeIndicator><cbc:Amount currencyID="NOK">0.00</cbc:Amount></cac:AllowanceCharge>${PRICE_ONE}`,
      ),
  },
  {
    rule: 'BR-CO-24',
    mutate: (xml) =>
      edit(
        xml,
        PRICE_ONE,
        `<cac:AllowanceCharge><cbc:ChargeIndicator>true</cbc:ChargeIndicator><cbc:Amount currencyID="NOK">0.00</cbc:Amount></cac:AllowanceCharge>${PRICE_ONE}`,
      ),
  },
  {
    rule: 'BR-45',
    mutate: (xml) => edit(xml, '<cbc:TaxableAmount currencyID="NOK">399.00</cbc:TaxableAmount>', ''),
  },
  {
    rule: 'BR-46',
    mutate: (xml) =>
      edit(
        xml,
        '<cbc:TaxAmount currencyID="NOK">0.00</cbc:TaxAmount><cac:TaxCategory><cbc:ID>Z',
        '<cac:TaxCategory><cbc:ID>Z',
      ),
  },
  {
    rule: 'BR-47',
    mutate: (xml) =>
      edit(
        xml,
        `<cac:TaxCategory><cbc:ID>Z</cbc:ID><cbc:Percent>0</cbc:Percent>${VAT_SCHEME}</cac:TaxCategory>`,
        '',
      ),
  },
  {
    rule: 'BR-48',
    mutate: (xml) =>
      edit(
        xml,
        `<cac:TaxCategory><cbc:ID>Z</cbc:ID><cbc:Percent>0</cbc:Percent>`,
        '<cac:TaxCategory><cbc:ID>Z</cbc:ID>',
      ),
  },
  { rule: 'BR-49', mutate: (xml) => edit(xml, '<cbc:PaymentMeansCode>30</cbc:PaymentMeansCode>', '') },
  {
    rule: 'BR-50',
    mutate: (xml) =>
      edit(
        xml,
        '<cac:PayeeFinancialAccount><cbc:ID>86011117947</cbc:ID>',
        '<cac:PayeeFinancialAccount><cbc:Name>Konto</cbc:Name>',
      ),
  },
  {
    rule: 'BR-61',
    mutate: (xml) =>
      edit(xml, /<cac:PayeeFinancialAccount>.*<\/cac:PayeeFinancialAccount>/.exec(xml)?.[0] ?? '', ''),
  },
  {
    rule: 'BR-51',
    mutate: (xml) =>
      edit(
        xml,
        '<cbc:PaymentID>',
        '<cac:CardAccount><cbc:PrimaryAccountNumberID>4111111111111111</cbc:PrimaryAccountNumberID><cbc:NetworkID>VISA</cbc:NetworkID></cac:CardAccount><cbc:PaymentID>',
      ),
  },
  {
    rule: 'BR-52',
    mutate: (xml) =>
      edit(
        xml,
        BEFORE_SUPPLIER,
        `  <cac:AdditionalDocumentReference><cbc:DocumentDescription>Timeliste</cbc:DocumentDescription></cac:AdditionalDocumentReference>\n${BEFORE_SUPPLIER}`,
      ),
  },
  {
    rule: 'BR-53',
    mutate: (xml) =>
      edit(xml, '<cbc:BuyerReference>', '<cbc:TaxCurrencyCode>EUR</cbc:TaxCurrencyCode><cbc:BuyerReference>'),
  },
  {
    rule: 'BR-54',
    mutate: (xml) =>
      edit(
        xml,
        '<cbc:Name>Konsulenttimer</cbc:Name>',
        '<cbc:Name>Konsulenttimer</cbc:Name><cac:AdditionalItemProperty><cbc:Name>Farge</cbc:Name></cac:AdditionalItemProperty>',
      ),
  },
  {
    rule: 'BR-55',
    mutate: (xml) =>
      edit(
        xml,
        BEFORE_SUPPLIER,
        `  <cac:BillingReference><cac:InvoiceDocumentReference><cbc:IssueDate>2024-01-01</cbc:IssueDate></cac:InvoiceDocumentReference></cac:BillingReference>\n${BEFORE_SUPPLIER}`,
      ),
  },
  {
    rule: 'BR-57',
    mutate: (xml) =>
      edit(
        xml,
        BEFORE_PAYMENT,
        `  <cac:Delivery><cac:DeliveryLocation><cac:Address><cbc:CityName>Oslo</cbc:CityName></cac:Address></cac:DeliveryLocation></cac:Delivery>\n${BEFORE_PAYMENT}`,
      ),
  },
  {
    rule: 'BR-62',
    mutate: (xml) =>
      edit(
        xml,
        '<cbc:EndpointID schemeID="0192">123456785</cbc:EndpointID>',
        '<cbc:EndpointID>123456785</cbc:EndpointID>',
      ),
  },
  {
    rule: 'BR-63',
    mutate: (xml) =>
      edit(
        xml,
        '<cbc:EndpointID schemeID="0192">987654325</cbc:EndpointID>',
        '<cbc:EndpointID>987654325</cbc:EndpointID>',
      ),
  },
  {
    rule: 'BR-64',
    mutate: (xml) =>
      edit(
        xml,
        '<cbc:Name>Konsulenttimer</cbc:Name>',
        '<cbc:Name>Konsulenttimer</cbc:Name><cac:StandardItemIdentification><cbc:ID>7300010000001</cbc:ID></cac:StandardItemIdentification>',
      ),
  },
  {
    rule: 'BR-65',
    mutate: (xml) =>
      edit(
        xml,
        LINE_ONE_CATEGORY,
        `<cac:CommodityClassification><cbc:ItemClassificationCode>12345</cbc:ItemClassificationCode></cac:CommodityClassification>${LINE_ONE_CATEGORY}`,
      ),
  },
  {
    rule: 'BR-66',
    mutate: (xml) =>
      edit(
        xml,
        BEFORE_TAX_TOTAL,
        `  <cac:PaymentMeans><cbc:PaymentMeansCode>48</cbc:PaymentMeansCode><cac:CardAccount><cbc:PrimaryAccountNumberID>1234</cbc:PrimaryAccountNumberID><cbc:NetworkID>VISA</cbc:NetworkID></cac:CardAccount></cac:PaymentMeans><cac:PaymentMeans><cbc:PaymentMeansCode>48</cbc:PaymentMeansCode><cac:CardAccount><cbc:PrimaryAccountNumberID>5678</cbc:PrimaryAccountNumberID><cbc:NetworkID>VISA</cbc:NetworkID></cac:CardAccount></cac:PaymentMeans>\n${BEFORE_TAX_TOTAL}`,
      ),
  },
  {
    rule: 'BR-67',
    mutate: (xml) =>
      edit(
        xml,
        BEFORE_TAX_TOTAL,
        `  <cac:PaymentMeans><cbc:PaymentMeansCode>59</cbc:PaymentMeansCode><cac:PaymentMandate><cbc:ID>M1</cbc:ID></cac:PaymentMandate></cac:PaymentMeans><cac:PaymentMeans><cbc:PaymentMeansCode>59</cbc:PaymentMeansCode><cac:PaymentMandate><cbc:ID>M2</cbc:ID></cac:PaymentMandate></cac:PaymentMeans>\n${BEFORE_TAX_TOTAL}`,
      ),
  },
  // Calculation and conditional rules
  {
    rule: 'BR-CO-03',
    mutate: (xml) =>
      edit(
        xml,
        '<cbc:DueDate>2024-03-15</cbc:DueDate>',
        '<cbc:DueDate>2024-03-15</cbc:DueDate><cbc:TaxPointDate>2024-03-01</cbc:TaxPointDate>',
      ).replace(
        BEFORE_SUPPLIER,
        `  <cac:InvoicePeriod><cbc:DescriptionCode>3</cbc:DescriptionCode></cac:InvoicePeriod>\n${BEFORE_SUPPLIER}`,
      ),
  },
  { rule: 'BR-CO-04', mutate: (xml) => edit(xml, LINE_ONE_CATEGORY, '') },
  {
    rule: 'BR-CO-09',
    mutate: (xml) =>
      edit(
        xml,
        '<cac:PartyLegalEntity><cbc:RegistrationName>Kjøper',
        `<cac:PartyTaxScheme><cbc:CompanyID>987654325MVA</cbc:CompanyID>${VAT_SCHEME}</cac:PartyTaxScheme><cac:PartyLegalEntity><cbc:RegistrationName>Kjøper`,
      ),
  },
  {
    rule: 'BR-CO-10',
    mutate: (xml) => edit(xml, LINE_EXTENSION_TOTAL, LINE_EXTENSION_TOTAL.replace('9418.70', '9418.00')),
  },
  {
    rule: 'BR-CO-11',
    mutate: (xml) =>
      edit(
        xml,
        MONETARY_TOTAL,
        `${MONETARY_TOTAL}<cbc:AllowanceTotalAmount currencyID="NOK">0.00</cbc:AllowanceTotalAmount>`,
      )
        .replace(
          '<cbc:AllowanceTotalAmount currencyID="NOK">0.00',
          '<cbc:AllowanceTotalAmount currencyID="NOK">0.00',
        )
        .replace(BEFORE_TAX_TOTAL, `  ${Z_ALLOWANCE.replace('100.00', '0.00')}<!-- -->\n${BEFORE_TAX_TOTAL}`)
        .replace(
          '<cbc:AllowanceTotalAmount currencyID="NOK">0.00',
          '<cbc:AllowanceTotalAmount currencyID="NOK">1.00',
        ),
  },
  {
    rule: 'BR-CO-12',
    mutate: (xml) =>
      edit(
        xml,
        MONETARY_TOTAL,
        `${MONETARY_TOTAL}<cbc:ChargeTotalAmount currencyID="NOK">0.00</cbc:ChargeTotalAmount>`,
      )
        .replace(
          '<cbc:ChargeTotalAmount currencyID="NOK">0.00',
          '<cbc:ChargeTotalAmount currencyID="NOK">0.00',
        )
        .replace(
          '<cbc:ChargeTotalAmount currencyID="NOK">0.00',
          '<cbc:ChargeTotalAmount currencyID="NOK">0.01',
        ),
  },
  {
    rule: 'BR-CO-13',
    mutate: (xml) => edit(xml, TAX_EXCLUSIVE, TAX_EXCLUSIVE.replace('9418.70', '9418.00')),
  },
  {
    rule: 'BR-CO-14',
    mutate: (xml) =>
      edit(
        xml,
        '<cbc:TaxAmount currencyID="NOK">2227.96</cbc:TaxAmount>',
        '<cbc:TaxAmount currencyID="NOK">2227.00</cbc:TaxAmount>',
      ),
  },
  {
    rule: 'BR-CO-15',
    mutate: (xml) =>
      edit(
        xml,
        '<cbc:TaxInclusiveAmount currencyID="NOK">11646.66',
        '<cbc:TaxInclusiveAmount currencyID="NOK">11646.00',
      ),
  },
  { rule: 'BR-CO-16', mutate: (xml) => edit(xml, PAYABLE, PAYABLE.replace('11646.66', '11000.00')) },
  {
    rule: 'BR-CO-17',
    mutate: (xml) => edit(xml, S25_BREAKDOWN_TAX, S25_BREAKDOWN_TAX.replace('2187.50', '2087.50')),
  },
  { rule: 'BR-CO-18', mutate: (xml) => xml.replace(/<cac:TaxSubtotal>.*<\/cac:TaxSubtotal>\n/g, '') },
  {
    rule: 'BR-CO-19',
    mutate: (xml) =>
      edit(
        xml,
        BEFORE_SUPPLIER,
        `  <cac:InvoicePeriod><cbc:Description>Mars</cbc:Description></cac:InvoicePeriod>\n${BEFORE_SUPPLIER}`,
      ),
  },
  {
    rule: 'BR-CO-20',
    mutate: (xml) =>
      edit(
        xml,
        '<cbc:LineExtensionAmount currencyID="NOK">8750.00</cbc:LineExtensionAmount>\n    <cac:Item>',
        '<cbc:LineExtensionAmount currencyID="NOK">8750.00</cbc:LineExtensionAmount><cac:InvoicePeriod><cbc:Description>Mars</cbc:Description></cac:InvoicePeriod>\n    <cac:Item>',
      ),
  },
  { rule: 'BR-CO-25', mutate: (xml) => edit(xml, '<cbc:DueDate>2024-03-15</cbc:DueDate>', '') },
  {
    rule: 'BR-CO-26',
    mutate: (xml) =>
      edit(
        edit(
          edit(
            xml,
            /<cac:PartyTaxScheme><cbc:CompanyID>NO123456785MVA.*?<\/cac:PartyTaxScheme>/.exec(xml)?.[0] ?? '',
            '',
          ),
          '<cbc:RegistrationName>Fjordtjenester AS</cbc:RegistrationName><cbc:CompanyID schemeID="0192">123456785</cbc:CompanyID>',
          '<cbc:RegistrationName>Fjordtjenester AS</cbc:RegistrationName>',
        ),
        '<cac:PartyTaxScheme><cbc:CompanyID>Foretaksregisteret',
        '<cac:PartyTaxScheme><cbc:RegistrationName>x</cbc:RegistrationName><cbc:CompanyID>Foretaksregisteret',
      ),
  },
  // Decimals
  {
    rule: 'BR-DEC-01',
    mutate: (xml) =>
      withZAllowance(
        xml,
        Z_ALLOWANCE.replace(
          '<cbc:Amount currencyID="NOK">100.00</cbc:Amount>',
          '<cbc:Amount currencyID="NOK">100.000</cbc:Amount>',
        ),
      ),
  },
  {
    rule: 'BR-DEC-02',
    mutate: (xml) =>
      withZAllowance(
        xml,
        Z_ALLOWANCE.replace(
          '<cbc:Amount currencyID="NOK">100.00</cbc:Amount>',
          '<cbc:Amount currencyID="NOK">100.00</cbc:Amount><cbc:BaseAmount currencyID="NOK">1000.000</cbc:BaseAmount>',
        ),
      ),
  },
  {
    rule: 'BR-DEC-05',
    mutate: (xml) =>
      withZAllowance(
        xml,
        `${Z_ALLOWANCE}<cac:AllowanceCharge><cbc:ChargeIndicator>true</cbc:ChargeIndicator><cbc:AllowanceChargeReason>Frakt</cbc:AllowanceChargeReason><cbc:Amount currencyID="NOK">0.000</cbc:Amount><cac:TaxCategory><cbc:ID>Z</cbc:ID><cbc:Percent>0</cbc:Percent>${VAT_SCHEME}</cac:TaxCategory></cac:AllowanceCharge>`,
      ),
  },
  {
    rule: 'BR-DEC-06',
    mutate: (xml) =>
      withZAllowance(
        xml,
        `${Z_ALLOWANCE}<cac:AllowanceCharge><cbc:ChargeIndicator>true</cbc:ChargeIndicator><cbc:AllowanceChargeReason>Frakt</cbc:AllowanceChargeReason><cbc:Amount currencyID="NOK">0.00</cbc:Amount><cbc:BaseAmount currencyID="NOK">0.000</cbc:BaseAmount><cac:TaxCategory><cbc:ID>Z</cbc:ID><cbc:Percent>0</cbc:Percent>${VAT_SCHEME}</cac:TaxCategory></cac:AllowanceCharge>`,
      ),
  },
  {
    rule: 'BR-DEC-09',
    mutate: (xml) => edit(xml, LINE_EXTENSION_TOTAL, LINE_EXTENSION_TOTAL.replace('9418.70', '9418.700')),
  },
  {
    rule: 'BR-DEC-10',
    mutate: (xml) =>
      withZAllowance(xml, Z_ALLOWANCE).replace(
        '<cbc:AllowanceTotalAmount currencyID="NOK">100.00',
        '<cbc:AllowanceTotalAmount currencyID="NOK">100.000',
      ),
  },
  {
    rule: 'BR-DEC-11',
    mutate: (xml) =>
      edit(
        xml,
        MONETARY_TOTAL,
        `${MONETARY_TOTAL}<cbc:ChargeTotalAmount currencyID="NOK">0.000</cbc:ChargeTotalAmount>`,
      ),
  },
  {
    rule: 'BR-DEC-12',
    mutate: (xml) => edit(xml, TAX_EXCLUSIVE, TAX_EXCLUSIVE.replace('9418.70', '9418.700')),
  },
  {
    rule: 'BR-DEC-13',
    mutate: (xml) =>
      edit(
        xml,
        '<cbc:TaxAmount currencyID="NOK">2227.96</cbc:TaxAmount>',
        '<cbc:TaxAmount currencyID="NOK">2227.960</cbc:TaxAmount>',
      ),
  },
  {
    rule: 'BR-DEC-14',
    mutate: (xml) =>
      edit(
        xml,
        '<cbc:TaxInclusiveAmount currencyID="NOK">11646.66',
        '<cbc:TaxInclusiveAmount currencyID="NOK">11646.660',
      ),
  },
  {
    rule: 'BR-DEC-15',
    mutate: (xml) =>
      edit(
        edit(
          xml,
          '<cbc:BuyerReference>',
          '<cbc:TaxCurrencyCode>EUR</cbc:TaxCurrencyCode><cbc:BuyerReference>',
        ),
        BEFORE_TAX_TOTAL,
        `  <cac:TaxTotal><cbc:TaxAmount currencyID="EUR">190.123</cbc:TaxAmount></cac:TaxTotal>\n${BEFORE_TAX_TOTAL}`,
      ),
  },
  {
    rule: 'BR-DEC-16',
    mutate: (xml) =>
      edit(xml, PAYABLE, `<cbc:PrepaidAmount currencyID="NOK">0.000</cbc:PrepaidAmount>${PAYABLE}`),
  },
  {
    rule: 'BR-DEC-17',
    mutate: (xml) =>
      edit(
        xml,
        PAYABLE,
        `<cbc:PayableRoundingAmount currencyID="NOK">0.000</cbc:PayableRoundingAmount>${PAYABLE}`,
      ),
  },
  { rule: 'BR-DEC-18', mutate: (xml) => edit(xml, PAYABLE, PAYABLE.replace('11646.66', '11646.660')) },
  {
    rule: 'BR-DEC-19',
    mutate: (xml) =>
      edit(
        xml,
        '<cbc:TaxableAmount currencyID="NOK">399.00</cbc:TaxableAmount>',
        '<cbc:TaxableAmount currencyID="NOK">399.000</cbc:TaxableAmount>',
      ),
  },
  {
    rule: 'BR-DEC-20',
    mutate: (xml) => edit(xml, S25_BREAKDOWN_TAX, S25_BREAKDOWN_TAX.replace('2187.50', '2187.500')),
  },
  {
    rule: 'BR-DEC-23',
    mutate: (xml) =>
      edit(
        xml,
        '<cbc:LineExtensionAmount currencyID="NOK">8750.00</cbc:LineExtensionAmount>\n    <cac:Item>',
        '<cbc:LineExtensionAmount currencyID="NOK">8750.000</cbc:LineExtensionAmount>\n    <cac:Item>',
      ),
  },
  {
    rule: 'BR-DEC-24',
    mutate: (xml) =>
      edit(
        xml,
        PRICE_ONE,
        `<cac:AllowanceCharge><cbc:ChargeIndicator>false</cbc:ChargeIndicator><cbc:AllowanceChargeReason>Rabatt</cbc:AllowanceChargeReason><cbc:Amount currencyID="NOK">0.000</cbc:Amount></cac:AllowanceCharge>${PRICE_ONE}`,
      ),
  },
  {
    rule: 'BR-DEC-25',
    mutate: (xml) =>
      edit(
        xml,
        PRICE_ONE,
        `<cac:AllowanceCharge><cbc:ChargeIndicator>false</cbc:ChargeIndicator><cbc:AllowanceChargeReason>Rabatt</cbc:AllowanceChargeReason><cbc:Amount currencyID="NOK">0.00</cbc:Amount><cbc:BaseAmount currencyID="NOK">0.000</cbc:BaseAmount></cac:AllowanceCharge>${PRICE_ONE}`,
      ),
  },
  {
    rule: 'BR-DEC-27',
    mutate: (xml) =>
      edit(
        xml,
        PRICE_ONE,
        `<cac:AllowanceCharge><cbc:ChargeIndicator>true</cbc:ChargeIndicator><cbc:AllowanceChargeReason>Frakt</cbc:AllowanceChargeReason><cbc:Amount currencyID="NOK">0.000</cbc:Amount></cac:AllowanceCharge>${PRICE_ONE}`,
      ),
  },
  {
    rule: 'BR-DEC-28',
    mutate: (xml) =>
      edit(
        xml,
        PRICE_ONE,
        `<cac:AllowanceCharge><cbc:ChargeIndicator>true</cbc:ChargeIndicator><cbc:AllowanceChargeReason>Frakt</cbc:AllowanceChargeReason><cbc:Amount currencyID="NOK">0.00</cbc:Amount><cbc:BaseAmount currencyID="NOK">0.000</cbc:BaseAmount></cac:AllowanceCharge>${PRICE_ONE}`,
      ),
  },
  // VAT categories
  {
    rule: 'BR-S-01',
    mutate: (xml) =>
      edit(
        xml,
        LINE_ONE_CATEGORY,
        LINE_ONE_CATEGORY.replace('<cbc:ID>S</cbc:ID><cbc:Percent>25', '<cbc:ID>Z</cbc:ID><cbc:Percent>0'),
      ).replace(
        /<cac:ClassifiedTaxCategory><cbc:ID>S<\/cbc:ID><cbc:Percent>15/,
        '<cac:ClassifiedTaxCategory><cbc:ID>Z</cbc:ID><cbc:Percent>0',
      ),
  },
  {
    rule: 'BR-S-02',
    mutate: (xml) =>
      edit(
        xml,
        /<cac:PartyTaxScheme><cbc:CompanyID>NO123456785MVA.*?<\/cac:PartyTaxScheme>\n {4}<cac:PartyTaxScheme>.*?<\/cac:PartyTaxScheme>/.exec(
          xml,
        )?.[0] ?? '',
        '',
      ),
  },
  {
    rule: 'BR-S-05',
    mutate: (xml) =>
      edit(xml, LINE_ONE_CATEGORY, LINE_ONE_CATEGORY.replace('<cbc:Percent>25</cbc:Percent>', '')),
  },
  {
    rule: 'BR-S-08',
    mutate: (xml) =>
      edit(
        xml,
        '<cbc:TaxableAmount currencyID="NOK">8750.00</cbc:TaxableAmount>',
        '<cbc:TaxableAmount currencyID="NOK">8752.00</cbc:TaxableAmount>',
      ),
  },
  {
    rule: 'BR-S-09',
    mutate: (xml) => edit(xml, S25_BREAKDOWN_TAX, S25_BREAKDOWN_TAX.replace('2187.50', '2087.50')),
  },
  {
    rule: 'BR-S-10',
    mutate: (xml) =>
      edit(
        xml,
        '<cbc:ID>S</cbc:ID><cbc:Percent>15</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:TaxCategory>',
        '<cbc:ID>S</cbc:ID><cbc:Percent>15</cbc:Percent><cbc:TaxExemptionReason>Fritatt</cbc:TaxExemptionReason><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:TaxCategory>',
      ),
  },
  {
    rule: 'BR-Z-01',
    mutate: (xml) => edit(xml, Z_BREAKDOWN, Z_BREAKDOWN.replace('<cbc:ID>Z</cbc:ID>', '<cbc:ID>E</cbc:ID>')),
  },
  {
    rule: 'BR-Z-03',
    mutate: (xml) =>
      withZAllowance(xml, Z_ALLOWANCE).replace(
        /<cac:PartyTaxScheme><cbc:CompanyID>NO123456785MVA.*?<\/cac:PartyTaxScheme>\n {4}<cac:PartyTaxScheme>.*?<\/cac:PartyTaxScheme>/,
        '',
      ),
  },
  {
    rule: 'BR-Z-05',
    mutate: (xml) =>
      edit(
        xml,
        Z_LINE_CATEGORY,
        Z_LINE_CATEGORY.replace('<cbc:Percent>0</cbc:Percent>', '<cbc:Percent>5</cbc:Percent>'),
      ),
  },
  {
    rule: 'BR-Z-06',
    mutate: (xml) =>
      withZAllowance(
        xml,
        Z_ALLOWANCE.replace('<cbc:Percent>0</cbc:Percent>', '<cbc:Percent>1</cbc:Percent>'),
      ),
  },
  { rule: 'BR-Z-08', mutate: (xml) => edit(xml, Z_BREAKDOWN, Z_BREAKDOWN.replace('399.00', '398.00')) },
  {
    rule: 'BR-Z-09',
    mutate: (xml) =>
      edit(
        xml,
        Z_BREAKDOWN,
        Z_BREAKDOWN.replace('<cbc:TaxAmount currencyID="NOK">0.00', '<cbc:TaxAmount currencyID="NOK">0.10'),
      ),
  },
  {
    rule: 'BR-Z-10',
    mutate: (xml) =>
      edit(
        xml,
        Z_BREAKDOWN,
        Z_BREAKDOWN.replace(
          '<cbc:Percent>0</cbc:Percent>',
          '<cbc:Percent>0</cbc:Percent><cbc:TaxExemptionReasonCode>VATEX-EU-F</cbc:TaxExemptionReasonCode>',
        ),
      ),
  },
  { rule: 'BR-E-10', mutate: (xml) => zLineAs(xml, 'E') },
  {
    rule: 'BR-E-05',
    mutate: (xml) =>
      zLineAs(xml, 'E', '<cbc:TaxExemptionReason>Fritatt</cbc:TaxExemptionReason>').replace(
        '<cbc:ID>E</cbc:ID><cbc:Percent>0</cbc:Percent><cac:TaxScheme>',
        '<cbc:ID>E</cbc:ID><cbc:Percent>10</cbc:Percent><cac:TaxScheme>',
      ),
  },
  {
    rule: 'BR-AE-02',
    mutate: (xml) =>
      zLineAs(xml, 'AE', '<cbc:TaxExemptionReason>Omvendt avgiftsplikt</cbc:TaxExemptionReason>').replace(
        '<cbc:CompanyID schemeID="0192">987654325</cbc:CompanyID>',
        '',
      ),
  },
  { rule: 'BR-AE-10', mutate: (xml) => zLineAs(xml, 'AE') },
  {
    rule: 'BR-IC-02',
    mutate: (xml) =>
      zLineAs(xml, 'K', '<cbc:TaxExemptionReasonCode>VATEX-EU-IC</cbc:TaxExemptionReasonCode>'),
  },
  {
    rule: 'BR-IC-11',
    mutate: (xml) =>
      zLineAs(xml, 'K', '<cbc:TaxExemptionReasonCode>VATEX-EU-IC</cbc:TaxExemptionReasonCode>'),
  },
  {
    rule: 'BR-IC-12',
    mutate: (xml) =>
      zLineAs(xml, 'K', '<cbc:TaxExemptionReasonCode>VATEX-EU-IC</cbc:TaxExemptionReasonCode>'),
  },
  { rule: 'BR-G-10', mutate: (xml) => zLineAs(xml, 'G') },
  {
    rule: 'BR-O-02',
    mutate: (xml) => zLineAs(xml, 'O', '<cbc:TaxExemptionReason>Utenfor</cbc:TaxExemptionReason>'),
  },
  {
    rule: 'BR-O-05',
    mutate: (xml) => zLineAs(xml, 'O', '<cbc:TaxExemptionReason>Utenfor</cbc:TaxExemptionReason>'),
  },
  {
    rule: 'BR-O-11',
    mutate: (xml) => zLineAs(xml, 'O', '<cbc:TaxExemptionReason>Utenfor</cbc:TaxExemptionReason>'),
  },
  {
    rule: 'BR-O-12',
    mutate: (xml) => zLineAs(xml, 'O', '<cbc:TaxExemptionReason>Utenfor</cbc:TaxExemptionReason>'),
  },
  {
    rule: 'BR-AF-10',
    mutate: (xml) => zLineAs(xml, 'L', '<cbc:TaxExemptionReason>x</cbc:TaxExemptionReason>'),
  },
  {
    rule: 'BR-AG-05',
    mutate: (xml) =>
      zLineAs(xml, 'M').replace(
        '<cbc:ID>M</cbc:ID><cbc:Percent>0</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:ClassifiedTaxCategory>',
        `<cbc:ID>M</cbc:ID>${VAT_SCHEME}</cac:ClassifiedTaxCategory>`,
      ),
  },
  // Code lists
  { rule: 'BR-CL-01', mutate: (xml) => edit(xml, '<cbc:InvoiceTypeCode>380', '<cbc:InvoiceTypeCode>999') },
  {
    rule: 'BR-CL-03',
    mutate: (xml) => edit(xml, PAYABLE, PAYABLE.replace('currencyID="NOK"', 'currencyID="XYZ"')),
  },
  {
    rule: 'BR-CL-04',
    mutate: (xml) =>
      xml
        .replaceAll('"NOK"', '"NOX"')
        .replace('<cbc:DocumentCurrencyCode>NOK', '<cbc:DocumentCurrencyCode>NOX'),
  },
  {
    rule: 'BR-CL-05',
    mutate: (xml) =>
      edit(xml, '<cbc:BuyerReference>', '<cbc:TaxCurrencyCode>XYZ</cbc:TaxCurrencyCode><cbc:BuyerReference>'),
  },
  {
    rule: 'BR-CL-06',
    mutate: (xml) =>
      edit(
        xml,
        BEFORE_SUPPLIER,
        `  <cac:InvoicePeriod><cbc:DescriptionCode>7</cbc:DescriptionCode></cac:InvoicePeriod>\n${BEFORE_SUPPLIER}`,
      ),
  },
  {
    rule: 'BR-CL-07',
    mutate: (xml) =>
      edit(
        xml,
        BEFORE_SUPPLIER,
        `  <cac:AdditionalDocumentReference><cbc:ID schemeID="QQQQ">A1</cbc:ID><cbc:DocumentTypeCode>130</cbc:DocumentTypeCode></cac:AdditionalDocumentReference>\n${BEFORE_SUPPLIER}`,
      ),
  },
  {
    rule: 'BR-CL-10',
    mutate: (xml) =>
      edit(
        xml,
        '<cac:PartyName><cbc:Name>Fjordtjenester</cbc:Name></cac:PartyName>',
        '<cac:PartyIdentification><cbc:ID schemeID="9999">X</cbc:ID></cac:PartyIdentification><cac:PartyName><cbc:Name>Fjordtjenester</cbc:Name></cac:PartyName>',
      ),
  },
  {
    rule: 'BR-CL-11',
    mutate: (xml) =>
      edit(
        xml,
        '<cbc:CompanyID schemeID="0192">987654325</cbc:CompanyID>',
        '<cbc:CompanyID schemeID="9999">987654325</cbc:CompanyID>',
      ),
  },
  {
    rule: 'BR-CL-13',
    mutate: (xml) =>
      edit(
        xml,
        LINE_ONE_CATEGORY,
        `<cac:CommodityClassification><cbc:ItemClassificationCode listID="QQ">1</cbc:ItemClassificationCode></cac:CommodityClassification>${LINE_ONE_CATEGORY}`,
      ),
  },
  {
    rule: 'BR-CL-14',
    mutate: (xml) =>
      edit(
        xml,
        '<cac:PostalAddress><cac:Country><cbc:IdentificationCode>NO',
        '<cac:PostalAddress><cac:Country><cbc:IdentificationCode>XX',
      ),
  },
  {
    rule: 'BR-CL-15',
    mutate: (xml) =>
      edit(
        xml,
        LINE_ONE_CATEGORY,
        `<cac:OriginCountry><cbc:IdentificationCode>XX</cbc:IdentificationCode></cac:OriginCountry>${LINE_ONE_CATEGORY}`,
      ),
  },
  { rule: 'BR-CL-16', mutate: (xml) => edit(xml, '<cbc:PaymentMeansCode>30', '<cbc:PaymentMeansCode>99') },
  {
    rule: 'BR-CL-17',
    mutate: (xml) => edit(xml, Z_BREAKDOWN, Z_BREAKDOWN.replace('<cbc:ID>Z</cbc:ID>', '<cbc:ID>X</cbc:ID>')),
  },
  {
    rule: 'BR-CL-18',
    mutate: (xml) =>
      edit(xml, Z_LINE_CATEGORY, Z_LINE_CATEGORY.replace('<cbc:ID>Z</cbc:ID>', '<cbc:ID>X</cbc:ID>')),
  },
  {
    rule: 'BR-CL-19',
    mutate: (xml) =>
      withZAllowance(
        xml,
        Z_ALLOWANCE.replace(
          '<cbc:AllowanceChargeReason>',
          '<cbc:AllowanceChargeReasonCode>1</cbc:AllowanceChargeReasonCode><cbc:AllowanceChargeReason>',
        ),
      ),
  },
  {
    rule: 'BR-CL-20',
    mutate: (xml) =>
      edit(
        xml,
        PRICE_ONE,
        `<cac:AllowanceCharge><cbc:ChargeIndicator>true</cbc:ChargeIndicator><cbc:AllowanceChargeReasonCode>ZZZZ</cbc:AllowanceChargeReasonCode><cbc:Amount currencyID="NOK">0.00</cbc:Amount></cac:AllowanceCharge>${PRICE_ONE}`,
      ),
  },
  {
    rule: 'BR-CL-21',
    mutate: (xml) =>
      edit(
        xml,
        '<cbc:Name>Konsulenttimer</cbc:Name>',
        '<cbc:Name>Konsulenttimer</cbc:Name><cac:StandardItemIdentification><cbc:ID schemeID="9999">1</cbc:ID></cac:StandardItemIdentification>',
      ),
  },
  {
    rule: 'BR-CL-22',
    mutate: (xml) => zLineAs(xml, 'E', '<cbc:TaxExemptionReasonCode>VATEX-NO-X</cbc:TaxExemptionReasonCode>'),
  },
  { rule: 'BR-CL-23', mutate: (xml) => edit(xml, QUANTITY_ONE, QUANTITY_ONE.replace('"EA"', '"QQQ"')) },
  {
    rule: 'BR-CL-24',
    mutate: (xml) =>
      edit(
        xml,
        BEFORE_SUPPLIER,
        `  <cac:AdditionalDocumentReference><cbc:ID>1</cbc:ID><cac:Attachment><cbc:EmbeddedDocumentBinaryObject mimeCode="application/zip" filename="a.zip">UEs=</cbc:EmbeddedDocumentBinaryObject></cac:Attachment></cac:AdditionalDocumentReference>\n${BEFORE_SUPPLIER}`,
      ),
  },
  {
    rule: 'BR-CL-25',
    mutate: (xml) =>
      edit(xml, '<cbc:EndpointID schemeID="0192">987654325', '<cbc:EndpointID schemeID="1234">987654325'),
  },
  {
    rule: 'BR-CL-26',
    mutate: (xml) =>
      edit(
        xml,
        BEFORE_PAYMENT,
        `  <cac:Delivery><cac:DeliveryLocation><cbc:ID schemeID="9999">L1</cbc:ID></cac:DeliveryLocation></cac:Delivery>\n${BEFORE_PAYMENT}`,
      ),
  },
  // PEPPOL BIS Billing 3
  {
    rule: 'PEPPOL-EN16931-R001',
    mutate: (xml) =>
      edit(xml, '<cbc:ProfileID>urn:fdc:peppol.eu:2017:poacc:billing:01:1.0</cbc:ProfileID>', ''),
  },
  {
    rule: 'PEPPOL-EN16931-R002',
    mutate: (xml) =>
      edit(
        xml,
        '<cbc:DocumentCurrencyCode>',
        '<cbc:Note>A</cbc:Note><cbc:Note>B</cbc:Note><cbc:DocumentCurrencyCode>',
      ),
  },
  {
    rule: 'PEPPOL-EN16931-R003',
    mutate: (xml) => edit(xml, '<cbc:BuyerReference>Ola Nordmann</cbc:BuyerReference>', ''),
  },
  {
    rule: 'PEPPOL-EN16931-R004',
    mutate: (xml) =>
      edit(
        xml,
        'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0',
        'urn:cen.eu:en16931:2017',
      ),
  },
  {
    rule: 'PEPPOL-EN16931-R005',
    mutate: (xml) =>
      edit(xml, '<cbc:BuyerReference>', '<cbc:TaxCurrencyCode>NOK</cbc:TaxCurrencyCode><cbc:BuyerReference>'),
  },
  { rule: 'PEPPOL-EN16931-R007', mutate: (xml) => edit(xml, 'billing:01:1.0', 'billing:1:1.0') },
  {
    rule: 'PEPPOL-EN16931-R008',
    mutate: (xml) =>
      edit(
        xml,
        '<cbc:BuyerReference>Ola Nordmann</cbc:BuyerReference>',
        '<cbc:BuyerReference>Ola Nordmann</cbc:BuyerReference><cbc:Note></cbc:Note>',
      ),
  },
  {
    rule: 'PEPPOL-EN16931-R010',
    mutate: (xml) => edit(xml, '<cbc:EndpointID schemeID="0192">987654325</cbc:EndpointID>', ''),
  },
  {
    rule: 'PEPPOL-EN16931-R020',
    mutate: (xml) => edit(xml, '<cbc:EndpointID schemeID="0192">123456785</cbc:EndpointID>', ''),
  },
  {
    rule: 'PEPPOL-EN16931-R040',
    mutate: (xml) =>
      withZAllowance(
        xml,
        Z_ALLOWANCE.replace(
          '<cbc:Amount currencyID="NOK">100.00</cbc:Amount>',
          '<cbc:MultiplierFactorNumeric>10</cbc:MultiplierFactorNumeric><cbc:Amount currencyID="NOK">100.00</cbc:Amount><cbc:BaseAmount currencyID="NOK">2000.00</cbc:BaseAmount>',
        ),
      ),
  },
  {
    rule: 'PEPPOL-EN16931-R041',
    mutate: (xml) =>
      withZAllowance(
        xml,
        Z_ALLOWANCE.replace(
          '<cbc:Amount currencyID="NOK">100.00</cbc:Amount>',
          '<cbc:MultiplierFactorNumeric>10</cbc:MultiplierFactorNumeric><cbc:Amount currencyID="NOK">100.00</cbc:Amount>',
        ),
      ),
  },
  {
    rule: 'PEPPOL-EN16931-R042',
    mutate: (xml) =>
      withZAllowance(
        xml,
        Z_ALLOWANCE.replace(
          '<cbc:Amount currencyID="NOK">100.00</cbc:Amount>',
          '<cbc:Amount currencyID="NOK">100.00</cbc:Amount><cbc:BaseAmount currencyID="NOK">1000.00</cbc:BaseAmount>',
        ),
      ),
  },
  {
    rule: 'PEPPOL-EN16931-R043',
    mutate: (xml) =>
      withZAllowance(xml, Z_ALLOWANCE.replace('<cbc:ChargeIndicator>false', '<cbc:ChargeIndicator>0')),
  },
  {
    rule: 'PEPPOL-EN16931-R044',
    mutate: (xml) =>
      edit(
        xml,
        PRICE_ONE,
        '<cac:Price><cbc:PriceAmount currencyID="NOK">1250.00</cbc:PriceAmount><cac:AllowanceCharge><cbc:ChargeIndicator>true</cbc:ChargeIndicator><cbc:Amount currencyID="NOK">0.00</cbc:Amount></cac:AllowanceCharge></cac:Price>',
      ),
  },
  {
    rule: 'PEPPOL-EN16931-R046',
    mutate: (xml) =>
      edit(
        xml,
        PRICE_ONE,
        '<cac:Price><cbc:PriceAmount currencyID="NOK">1250.00</cbc:PriceAmount><cac:AllowanceCharge><cbc:ChargeIndicator>false</cbc:ChargeIndicator><cbc:Amount currencyID="NOK">100.00</cbc:Amount><cbc:BaseAmount currencyID="NOK">1300.00</cbc:BaseAmount></cac:AllowanceCharge></cac:Price>',
      ),
  },
  {
    rule: 'PEPPOL-EN16931-R051',
    mutate: (xml) => edit(xml, PAYABLE, PAYABLE.replace('currencyID="NOK"', 'currencyID="SEK"')),
  },
  {
    rule: 'PEPPOL-EN16931-R053',
    mutate: (xml) =>
      edit(
        xml,
        BEFORE_TAX_TOTAL,
        `  <cac:TaxTotal><cbc:TaxAmount currencyID="NOK">0.00</cbc:TaxAmount><cac:TaxSubtotal>${Z_BREAKDOWN.replace('399.00', '0.00')}</cac:TaxSubtotal></cac:TaxTotal>\n${BEFORE_TAX_TOTAL}`,
      ),
  },
  {
    rule: 'PEPPOL-EN16931-R054',
    mutate: (xml) =>
      edit(
        xml,
        BEFORE_TAX_TOTAL,
        `  <cac:TaxTotal><cbc:TaxAmount currencyID="NOK">2227.96</cbc:TaxAmount></cac:TaxTotal>\n${BEFORE_TAX_TOTAL}`,
      ),
  },
  {
    rule: 'PEPPOL-EN16931-R055',
    mutate: (xml) =>
      edit(
        edit(
          xml,
          '<cbc:BuyerReference>',
          '<cbc:TaxCurrencyCode>EUR</cbc:TaxCurrencyCode><cbc:BuyerReference>',
        ),
        BEFORE_TAX_TOTAL,
        `  <cac:TaxTotal><cbc:TaxAmount currencyID="EUR">-190.00</cbc:TaxAmount></cac:TaxTotal>\n${BEFORE_TAX_TOTAL}`,
      ),
  },
  {
    rule: 'PEPPOL-EN16931-R061',
    mutate: (xml) =>
      edit(
        xml,
        BEFORE_TAX_TOTAL,
        `  <cac:PaymentMeans><cbc:PaymentMeansCode>59</cbc:PaymentMeansCode></cac:PaymentMeans>\n${BEFORE_TAX_TOTAL}`,
      ),
  },
  {
    rule: 'PEPPOL-EN16931-R080',
    documentType: 'CreditNote',
    mutate: (xml) =>
      edit(
        xml,
        BEFORE_SUPPLIER,
        `  <cac:AdditionalDocumentReference><cbc:ID>P1</cbc:ID><cbc:DocumentTypeCode>50</cbc:DocumentTypeCode></cac:AdditionalDocumentReference><cac:AdditionalDocumentReference><cbc:ID>P2</cbc:ID><cbc:DocumentTypeCode>50</cbc:DocumentTypeCode></cac:AdditionalDocumentReference>\n${BEFORE_SUPPLIER}`,
      ),
  },
  {
    rule: 'PEPPOL-EN16931-R100',
    mutate: (xml) =>
      edit(
        xml,
        '<cac:Item>\n      <cbc:Name>Konsulenttimer',
        '<cac:DocumentReference><cbc:ID>A</cbc:ID><cbc:DocumentTypeCode>130</cbc:DocumentTypeCode></cac:DocumentReference><cac:DocumentReference><cbc:ID>B</cbc:ID><cbc:DocumentTypeCode>130</cbc:DocumentTypeCode></cac:DocumentReference><cac:Item>\n      <cbc:Name>Konsulenttimer',
      ),
  },
  {
    rule: 'PEPPOL-EN16931-R101',
    mutate: (xml) =>
      edit(
        xml,
        '<cac:Item>\n      <cbc:Name>Konsulenttimer',
        '<cac:DocumentReference><cbc:ID>A</cbc:ID><cbc:DocumentTypeCode>916</cbc:DocumentTypeCode></cac:DocumentReference><cac:Item>\n      <cbc:Name>Konsulenttimer',
      ),
  },
  {
    rule: 'PEPPOL-EN16931-R110',
    mutate: (xml) =>
      edit(
        edit(
          xml,
          BEFORE_SUPPLIER,
          `  <cac:InvoicePeriod><cbc:StartDate>2024-03-01</cbc:StartDate><cbc:EndDate>2024-03-31</cbc:EndDate></cac:InvoicePeriod>\n${BEFORE_SUPPLIER}`,
        ),
        '<cbc:LineExtensionAmount currencyID="NOK">8750.00</cbc:LineExtensionAmount>\n    <cac:Item>',
        '<cbc:LineExtensionAmount currencyID="NOK">8750.00</cbc:LineExtensionAmount><cac:InvoicePeriod><cbc:StartDate>2024-02-01</cbc:StartDate></cac:InvoicePeriod>\n    <cac:Item>',
      ),
  },
  {
    rule: 'PEPPOL-EN16931-R111',
    mutate: (xml) =>
      edit(
        edit(
          xml,
          BEFORE_SUPPLIER,
          `  <cac:InvoicePeriod><cbc:StartDate>2024-03-01</cbc:StartDate><cbc:EndDate>2024-03-31</cbc:EndDate></cac:InvoicePeriod>\n${BEFORE_SUPPLIER}`,
        ),
        '<cbc:LineExtensionAmount currencyID="NOK">8750.00</cbc:LineExtensionAmount>\n    <cac:Item>',
        '<cbc:LineExtensionAmount currencyID="NOK">8750.00</cbc:LineExtensionAmount><cac:InvoicePeriod><cbc:EndDate>2024-04-30</cbc:EndDate></cac:InvoicePeriod>\n    <cac:Item>',
      ),
  },
  {
    rule: 'PEPPOL-EN16931-R120',
    mutate: (xml) => edit(xml, PRICE_ONE, PRICE_ONE.replace('1250.00', '1251.00')),
  },
  {
    rule: 'PEPPOL-EN16931-R121',
    mutate: (xml) =>
      edit(
        xml,
        PRICE_ONE,
        '<cac:Price><cbc:PriceAmount currencyID="NOK">1250.00</cbc:PriceAmount><cbc:BaseQuantity unitCode="EA">0</cbc:BaseQuantity></cac:Price>',
      ),
  },
  {
    rule: 'PEPPOL-EN16931-R130',
    mutate: (xml) =>
      edit(
        xml,
        PRICE_ONE,
        '<cac:Price><cbc:PriceAmount currencyID="NOK">1250.00</cbc:PriceAmount><cbc:BaseQuantity unitCode="HUR">1</cbc:BaseQuantity></cac:Price>',
      ),
  },
  {
    rule: 'PEPPOL-EN16931-CL001',
    mutate: (xml) =>
      edit(
        xml,
        BEFORE_SUPPLIER,
        `  <cac:AdditionalDocumentReference><cbc:ID>1</cbc:ID><cac:Attachment><cbc:EmbeddedDocumentBinaryObject mimeCode="text/html" filename="a.html">PHA+</cbc:EmbeddedDocumentBinaryObject></cac:Attachment></cac:AdditionalDocumentReference>\n${BEFORE_SUPPLIER}`,
      ),
  },
  {
    rule: 'PEPPOL-EN16931-CL002',
    mutate: (xml) =>
      withZAllowance(
        xml,
        Z_ALLOWANCE.replace(
          '<cbc:AllowanceChargeReason>',
          '<cbc:AllowanceChargeReasonCode>1</cbc:AllowanceChargeReasonCode><cbc:AllowanceChargeReason>',
        ),
      ),
  },
  {
    rule: 'PEPPOL-EN16931-CL003',
    mutate: (xml) =>
      edit(
        xml,
        PRICE_ONE,
        `<cac:AllowanceCharge><cbc:ChargeIndicator>true</cbc:ChargeIndicator><cbc:AllowanceChargeReasonCode>ZZZZ</cbc:AllowanceChargeReasonCode><cbc:Amount currencyID="NOK">0.00</cbc:Amount></cac:AllowanceCharge>${PRICE_ONE}`,
      ),
  },
  {
    rule: 'PEPPOL-EN16931-CL006',
    mutate: (xml) =>
      edit(
        xml,
        BEFORE_SUPPLIER,
        `  <cac:InvoicePeriod><cbc:DescriptionCode>7</cbc:DescriptionCode></cac:InvoicePeriod>\n${BEFORE_SUPPLIER}`,
      ),
  },
  {
    rule: 'PEPPOL-EN16931-CL007',
    mutate: (xml) => edit(xml, PAYABLE, PAYABLE.replace('currencyID="NOK"', 'currencyID="XYZ"')),
  },
  {
    rule: 'PEPPOL-EN16931-CL008',
    mutate: (xml) =>
      edit(xml, '<cbc:EndpointID schemeID="0192">987654325', '<cbc:EndpointID schemeID="1234">987654325'),
  },
  {
    rule: 'PEPPOL-EN16931-F001',
    mutate: (xml) => edit(xml, '<cbc:DueDate>2024-03-15', '<cbc:DueDate>2024-02-30'),
  },
  {
    rule: 'PEPPOL-EN16931-P0100',
    mutate: (xml) => edit(xml, '<cbc:InvoiceTypeCode>380', '<cbc:InvoiceTypeCode>130'),
  },
  {
    rule: 'PEPPOL-EN16931-P0101',
    documentType: 'CreditNote',
    mutate: (xml) => edit(xml, '<cbc:CreditNoteTypeCode>381', '<cbc:CreditNoteTypeCode>261'),
  },
  {
    rule: 'PEPPOL-EN16931-P0104',
    mutate: (xml) => zLineAs(xml, 'E', '<cbc:TaxExemptionReasonCode>VATEX-EU-G</cbc:TaxExemptionReasonCode>'),
  },
  {
    rule: 'PEPPOL-EN16931-P0105',
    mutate: (xml) => zLineAs(xml, 'E', '<cbc:TaxExemptionReasonCode>VATEX-EU-O</cbc:TaxExemptionReasonCode>'),
  },
  {
    rule: 'PEPPOL-EN16931-P0106',
    mutate: (xml) =>
      zLineAs(xml, 'E', '<cbc:TaxExemptionReasonCode>VATEX-EU-IC</cbc:TaxExemptionReasonCode>'),
  },
  {
    rule: 'PEPPOL-EN16931-P0107',
    mutate: (xml) =>
      zLineAs(xml, 'E', '<cbc:TaxExemptionReasonCode>VATEX-EU-AE</cbc:TaxExemptionReasonCode>'),
  },
  {
    rule: 'PEPPOL-EN16931-P0108',
    mutate: (xml) => zLineAs(xml, 'G', '<cbc:TaxExemptionReasonCode>VATEX-EU-D</cbc:TaxExemptionReasonCode>'),
  },
  {
    rule: 'PEPPOL-EN16931-P0109',
    mutate: (xml) => zLineAs(xml, 'G', '<cbc:TaxExemptionReasonCode>VATEX-EU-F</cbc:TaxExemptionReasonCode>'),
  },
  {
    rule: 'PEPPOL-EN16931-P0110',
    mutate: (xml) => zLineAs(xml, 'G', '<cbc:TaxExemptionReasonCode>VATEX-EU-I</cbc:TaxExemptionReasonCode>'),
  },
  {
    rule: 'PEPPOL-EN16931-P0111',
    mutate: (xml) => zLineAs(xml, 'G', '<cbc:TaxExemptionReasonCode>VATEX-EU-J</cbc:TaxExemptionReasonCode>'),
  },
  {
    rule: 'PEPPOL-EN16931-P0112',
    mutate: (xml) => edit(xml, '<cbc:InvoiceTypeCode>380', '<cbc:InvoiceTypeCode>326'),
  },
  {
    rule: 'PEPPOL-COMMON-R040',
    mutate: (xml) =>
      edit(xml, '<cbc:EndpointID schemeID="0192">987654325', '<cbc:EndpointID schemeID="0088">7300010000002'),
  },
  {
    rule: 'PEPPOL-COMMON-R041',
    mutate: (xml) =>
      edit(xml, '<cbc:EndpointID schemeID="0192">987654325', '<cbc:EndpointID schemeID="0192">987654321'),
  },
  {
    rule: 'PEPPOL-COMMON-R042',
    mutate: (xml) =>
      edit(xml, '<cbc:EndpointID schemeID="0192">987654325', '<cbc:EndpointID schemeID="0184">DK123'),
  },
  {
    rule: 'PEPPOL-COMMON-R043',
    mutate: (xml) =>
      edit(xml, '<cbc:EndpointID schemeID="0192">987654325', '<cbc:EndpointID schemeID="0208">0123456789'),
  },
  {
    rule: 'PEPPOL-COMMON-R044',
    mutate: (xml) =>
      edit(xml, '<cbc:EndpointID schemeID="0192">987654325', '<cbc:EndpointID schemeID="0201">ABC'),
  },
  {
    rule: 'PEPPOL-COMMON-R049',
    mutate: (xml) =>
      edit(xml, '<cbc:EndpointID schemeID="0192">987654325', '<cbc:EndpointID schemeID="0007">5560000002'),
  },
  {
    rule: 'PEPPOL-COMMON-R050',
    mutate: (xml) =>
      edit(xml, '<cbc:EndpointID schemeID="0192">987654325', '<cbc:EndpointID schemeID="0151">51824753557'),
  },
  // Norway
  {
    rule: 'NO-R-001',
    mutate: (xml) =>
      edit(xml, SUPPLIER_TAX, '<cac:PartyTaxScheme><cbc:CompanyID>NO123456785</cbc:CompanyID>'),
  },
  {
    rule: 'NO-R-002',
    mutate: (xml) =>
      edit(
        xml,
        '<cbc:CompanyID>Foretaksregisteret</cbc:CompanyID>',
        '<cbc:CompanyID>Enkeltpersonforetak</cbc:CompanyID>',
      ),
  },
];

const SUPPLIER_VAT_SCHEME = `<cac:PartyTaxScheme><cbc:CompanyID>NO123456785MVA</cbc:CompanyID>${VAT_SCHEME}</cac:PartyTaxScheme>`;
const SUPPLIER_REGISTER_SCHEME =
  '<cac:PartyTaxScheme><cbc:CompanyID>Foretaksregisteret</cbc:CompanyID><cac:TaxScheme><cbc:ID>TAX</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>';
const BUYER_LEGAL_ENTITY = '<cac:PartyLegalEntity><cbc:RegistrationName>Kjøper';
const BUYER_VAT_SCHEME = `<cac:PartyTaxScheme><cbc:CompanyID>SE556000000201</cbc:CompanyID>${VAT_SCHEME}</cac:PartyTaxScheme>`;
const EXEMPTION_REASON = '<cbc:TaxExemptionReason>Fritak</cbc:TaxExemptionReason>';

/** Categories whose VAT breakdown must give an exemption reason (BR-x-10). */
const NEEDS_EXEMPTION_REASON = new Set(['E', 'AE', 'K', 'G', 'O']);

const categoryText = (code: string, percent = '0') =>
  code === 'O' ? '<cbc:ID>O</cbc:ID>' : `<cbc:ID>${code}</cbc:ID><cbc:Percent>${percent}</cbc:Percent>`;

/**
 * A valid invoice with one line of 400.00 in the VAT category at 0 % (no rate for O), optionally with a
 * document level allowance or charge of 100.00 in the same category, and the parties that category needs.
 */
function categoryDocument(code: string, extra?: 'allowance' | 'charge'): string {
  let xml = norwegianInvoice({ lines: [{ name: 'Vare', quantity: 4, priceOre: 100_00, vatPercent: 0 }] });
  if (extra !== undefined) {
    const isCharge = extra === 'charge';
    const total = isCharge ? '500.00' : '300.00';
    const entry = `<cac:AllowanceCharge><cbc:ChargeIndicator>${isCharge}</cbc:ChargeIndicator><cbc:AllowanceChargeReason>${isCharge ? 'Frakt' : 'Rabatt'}</cbc:AllowanceChargeReason><cbc:Amount currencyID="NOK">100.00</cbc:Amount><cac:TaxCategory>${categoryText('Z')}${VAT_SCHEME}</cac:TaxCategory></cac:AllowanceCharge>`;
    xml = edit(xml, BEFORE_TAX_TOTAL, `  ${entry}\n${BEFORE_TAX_TOTAL}`);
    xml = edit(
      xml,
      '<cbc:TaxableAmount currencyID="NOK">400.00',
      `<cbc:TaxableAmount currencyID="NOK">${total}`,
    );
    for (const name of ['TaxExclusiveAmount', 'TaxInclusiveAmount', 'PayableAmount']) {
      xml = edit(xml, `<cbc:${name} currencyID="NOK">400.00`, `<cbc:${name} currencyID="NOK">${total}`);
    }
    xml = edit(
      xml,
      '<cbc:PayableAmount',
      `<cbc:${isCharge ? 'Charge' : 'Allowance'}TotalAmount currencyID="NOK">100.00</cbc:${isCharge ? 'Charge' : 'Allowance'}TotalAmount><cbc:PayableAmount`,
    );
  }
  xml = xml.replaceAll(categoryText('Z'), categoryText(code));
  if (NEEDS_EXEMPTION_REASON.has(code)) {
    xml = xml.replace(/(<\/cbc:TaxAmount><cac:TaxCategory>.*?)(<cac:TaxScheme>)/, `$1${EXEMPTION_REASON}$2`);
  }
  if (code === 'K') {
    xml = edit(xml, BUYER_LEGAL_ENTITY, `${BUYER_VAT_SCHEME}${BUYER_LEGAL_ENTITY}`);
    xml = edit(
      xml,
      BEFORE_PAYMENT,
      `  <cac:Delivery><cbc:ActualDeliveryDate>2024-03-01</cbc:ActualDeliveryDate><cac:DeliveryLocation><cac:Address><cac:Country><cbc:IdentificationCode>SE</cbc:IdentificationCode></cac:Country></cac:Address></cac:DeliveryLocation></cac:Delivery>\n${BEFORE_PAYMENT}`,
    );
  }
  if (code === 'O') xml = edit(xml, SUPPLIER_VAT_SCHEME, '');
  return xml;
}

/** The seller loses its VAT identifier and tax registration; for O (which forbids them) the buyer gains a VAT identifier. */
function withUnfitParties(code: string, xml: string): string {
  if (code === 'O') return edit(xml, BUYER_LEGAL_ENTITY, `${BUYER_VAT_SCHEME}${BUYER_LEGAL_ENTITY}`);
  return edit(edit(xml, SUPPLIER_VAT_SCHEME, ''), SUPPLIER_REGISTER_SCHEME, '');
}

/** A rate the category does not allow on a line, allowance or charge whose category text starts at `before`. */
function withWrongRate(code: string, xml: string, before: string): string {
  const wrong =
    code === 'O'
      ? categoryText('Z').replace('Z', 'O')
      : categoryText(code, code === 'L' || code === 'M' ? '-1' : '5');
  return edit(xml, `${before}${categoryText(code)}`, `${before}${wrong}`);
}

const LINE_CATEGORY = '<cac:ClassifiedTaxCategory>';
const ENTRY_CATEGORY = '</cbc:Amount><cac:TaxCategory>';
const BREAKDOWN_CATEGORY = '</cbc:TaxAmount><cac:TaxCategory>';

/** BR-Z, BR-E, BR-AE, BR-IC (K), BR-G, BR-O, BR-AF (L), BR-AG (M): -01..-10, each from that category's valid document. */
const CATEGORY_PREFIXES: readonly [string, string][] = [
  ['Z', 'BR-Z'],
  ['E', 'BR-E'],
  ['AE', 'BR-AE'],
  ['K', 'BR-IC'],
  ['G', 'BR-G'],
  ['O', 'BR-O'],
  ['L', 'BR-AF'],
  ['M', 'BR-AG'],
];

const VAT_CATEGORY_MUTATIONS: Mutation[] = CATEGORY_PREFIXES.flatMap(([code, prefix]) => [
  {
    rule: `${prefix}-01`,
    mutate: () =>
      edit(
        categoryDocument(code),
        `${BREAKDOWN_CATEGORY}<cbc:ID>${code}</cbc:ID>`,
        `${BREAKDOWN_CATEGORY}<cbc:ID>${code === 'Z' ? 'E' : 'Z'}</cbc:ID>`,
      ),
  },
  { rule: `${prefix}-02`, mutate: () => withUnfitParties(code, categoryDocument(code)) },
  { rule: `${prefix}-03`, mutate: () => withUnfitParties(code, categoryDocument(code, 'allowance')) },
  { rule: `${prefix}-04`, mutate: () => withUnfitParties(code, categoryDocument(code, 'charge')) },
  { rule: `${prefix}-05`, mutate: () => withWrongRate(code, categoryDocument(code), LINE_CATEGORY) },
  {
    rule: `${prefix}-06`,
    mutate: () => withWrongRate(code, categoryDocument(code, 'allowance'), ENTRY_CATEGORY),
  },
  {
    rule: `${prefix}-07`,
    mutate: () => withWrongRate(code, categoryDocument(code, 'charge'), ENTRY_CATEGORY),
  },
  {
    rule: `${prefix}-08`,
    mutate: () =>
      edit(
        categoryDocument(code),
        '<cbc:TaxableAmount currencyID="NOK">400.00',
        '<cbc:TaxableAmount currencyID="NOK">401.00',
      ),
  },
  {
    rule: `${prefix}-09`,
    mutate: () => edit(categoryDocument(code), `0.00${BREAKDOWN_CATEGORY}`, `5.00${BREAKDOWN_CATEGORY}`),
  },
  {
    rule: `${prefix}-10`,
    mutate: () =>
      NEEDS_EXEMPTION_REASON.has(code)
        ? edit(categoryDocument(code), EXEMPTION_REASON, '')
        : edit(
            categoryDocument(code),
            `${BREAKDOWN_CATEGORY}${categoryText(code)}`,
            `${BREAKDOWN_CATEGORY}${categoryText(code)}${EXEMPTION_REASON}`,
          ),
  },
]);

/** A standard rated (S, 25 %) document level allowance or charge of 100.00, added without adjusting the totals. */
const withStandardEntry = (xml: string, isCharge: boolean, percent = '25') =>
  edit(
    xml,
    BEFORE_TAX_TOTAL,
    `  <cac:AllowanceCharge><cbc:ChargeIndicator>${isCharge}</cbc:ChargeIndicator><cbc:AllowanceChargeReason>Frakt</cbc:AllowanceChargeReason><cbc:Amount currencyID="NOK">100.00</cbc:Amount><cac:TaxCategory>${categoryText('S', percent)}${VAT_SCHEME}</cac:TaxCategory></cac:AllowanceCharge>\n${BEFORE_TAX_TOTAL}`,
  );

const OTHER_VAT_CATEGORY_MUTATIONS: Mutation[] = [
  { rule: 'BR-S-03', mutate: (xml) => withUnfitParties('S', withStandardEntry(xml, false)) },
  { rule: 'BR-S-04', mutate: (xml) => withUnfitParties('S', withStandardEntry(xml, true)) },
  { rule: 'BR-S-06', mutate: (xml) => withStandardEntry(xml, false, '0') },
  { rule: 'BR-S-07', mutate: (xml) => withStandardEntry(xml, true, '0') },
  {
    rule: 'BR-O-13',
    mutate: () =>
      edit(
        categoryDocument('O', 'allowance'),
        `${ENTRY_CATEGORY}${categoryText('O')}`,
        `${ENTRY_CATEGORY}${categoryText('Z')}`,
      ),
  },
  {
    rule: 'BR-O-14',
    mutate: () =>
      edit(
        categoryDocument('O', 'charge'),
        `${ENTRY_CATEGORY}${categoryText('O')}`,
        `${ENTRY_CATEGORY}${categoryText('Z')}`,
      ),
  },
];

const FORWARD_BILLING_PROFILE = 'urn:fdc:anskaffelser.no:2019:ehf:postaward:g3:08:1.0';

/** Our invoice or credit note as EHF forward billing: its specification, its process and its type codes 82 / 81. */
function asForwardBilling(xml: string): string {
  const withIds = edit(
    edit(
      xml,
      'billing:3.0</cbc:CustomizationID>',
      'billing:3.0#conformant#urn:fdc:anskaffelser.no:2019:ehf:forward-billing:3.0</cbc:CustomizationID>',
    ),
    'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0',
    FORWARD_BILLING_PROFILE,
  );
  return withIds.includes('<cbc:InvoiceTypeCode>380')
    ? edit(withIds, '<cbc:InvoiceTypeCode>380', '<cbc:InvoiceTypeCode>82')
    : edit(withIds, '<cbc:CreditNoteTypeCode>381', '<cbc:CreditNoteTypeCode>81');
}

const WITHOUT_BUYER_NAME = (xml: string) =>
  edit(xml, '<cbc:RegistrationName>Kjøper &amp; Co AS</cbc:RegistrationName>', '');

/** Every rule id rules.ts can report: quoted ids, and -01..-10 of each VAT category prefix. */
function ruleIdsInRulesSource(): string[] {
  const source = readFileSync(join(import.meta.dirname, 'rules.ts'), 'utf8');
  const quoted = [...source.matchAll(/'((?:BR|PEPPOL|NO)-[A-Z0-9-]*\d)'/g)].map(
    (match) => match[1] as string,
  );
  const prefixes = [...source.matchAll(/prefix: '(BR-[A-Z]+)'/g)].map((match) => match[1] as string);
  const numbered = prefixes.flatMap((prefix) =>
    Array.from({ length: 10 }, (_, index) => `${prefix}-${String(index + 1).padStart(2, '0')}`),
  );
  return [...new Set([...quoted, ...numbered])].sort();
}

describe('the VAT category rules', () => {
  it.each(CATEGORY_PREFIXES)('accept a valid document in category %s (%s)', (code) => {
    for (const extra of [undefined, 'allowance', 'charge'] as const) {
      expect(parseEhf(categoryDocument(code, extra)).problems, `${code} ${extra ?? ''}`).toEqual([]);
    }
  });
});

describe('EHF forward billing', () => {
  it.each(['Invoice', 'CreditNote'] as const)(
    'accepts a forward billing %s, also without a buyer name',
    (documentType) => {
      const xml = asForwardBilling(norwegianInvoice({ documentType }));
      expect(parseEhf(xml).problems).toEqual([]);
      expect(parseEhf(WITHOUT_BUYER_NAME(xml)).problems).toEqual([]);
    },
  );

  it('still asks for the buyer name (BR-07) in BIS Billing 3', () => {
    expect(rulesOf(WITHOUT_BUYER_NAME(norwegianInvoice()))).toEqual(['BR-07']);
  });

  it('asks for its own business process (PEPPOL-EN16931-R007)', () => {
    const xml = edit(
      asForwardBilling(norwegianInvoice()),
      FORWARD_BILLING_PROFILE,
      'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0',
    );
    const problems = parseEhf(xml).problems;
    expect(problems.map((problem) => problem.rule)).toEqual(['PEPPOL-EN16931-R007']);
    expect(problems[0]?.message).toContain(FORWARD_BILLING_PROFILE);
  });

  it('keeps checking everything else, such as the totals', () => {
    expect(rulesOf(asForwardBilling(norwegianInvoice({ payableOverrideOre: 1_00 })))).toContain('BR-CO-16');
  });
});

describe('the published EHF rules', () => {
  it.each(['Invoice', 'CreditNote'] as const)(
    'accept our own valid %s without any problem',
    (documentType) => {
      expect(parseEhf(norwegianInvoice({ documentType })).problems).toEqual([]);
    },
  );

  it.each([...MUTATIONS, ...VAT_CATEGORY_MUTATIONS, ...OTHER_VAT_CATEGORY_MUTATIONS])(
    '$rule: a document broken in that way breaks that rule',
    ({ rule, mutate, documentType }) => {
      const problems = parseEhf(mutate(norwegianInvoice({ documentType }))).problems;
      const found = problems.find((problem) => problem.rule === rule);
      expect(found, `${rule} not among ${problems.map((problem) => problem.rule).join(', ')}`).toBeDefined();
      expect(found?.severity).toBe(
        ['BR-51', 'NO-R-002', 'PEPPOL-COMMON-R044'].includes(rule) ? 'warning' : 'fatal',
      );
      expect(found?.message.length).toBeGreaterThan(10);
    },
  );

  it('has a breaking document for every rule id rules.ts checks', () => {
    const tested = new Set(
      [...MUTATIONS, ...VAT_CATEGORY_MUTATIONS, ...OTHER_VAT_CATEGORY_MUTATIONS].map((entry) => entry.rule),
    );
    const checked = ruleIdsInRulesSource();
    expect(checked.length).toBeGreaterThan(250);
    expect(checked.filter((rule) => !tested.has(rule))).toEqual([]);
  });

  it('names where in the document the problem is, with the values found', () => {
    const xml = norwegianInvoice().replace(PRICE_ONE, PRICE_ONE.replace('1250.00', '1251.00'));
    const problem = parseEhf(xml).problems.find((entry) => entry.rule === 'PEPPOL-EN16931-R120');
    expect(problem).toMatchObject({ path: '/Invoice/InvoiceLine[1]/LineExtensionAmount', severity: 'fatal' });
    expect(problem?.message).toContain('8757.00');
  });

  it('checks credit note lines (CreditedQuantity) the same way', () => {
    const note = norwegianInvoice({ documentType: 'CreditNote' }).replace(
      '<cbc:CreditedQuantity unitCode="EA">7</cbc:CreditedQuantity>',
      '<cbc:CreditedQuantity unitCode="EA">8</cbc:CreditedQuantity>',
    );
    expect(rulesOf(note)).toEqual(['PEPPOL-EN16931-R120']);
  });

  it('passes the VAT rounding tolerance of BR-CO-17 and fails beyond it', () => {
    const within = norwegianInvoice().replace(
      S25_BREAKDOWN_TAX,
      S25_BREAKDOWN_TAX.replace('2187.50', '2188.49'),
    );
    expect(rulesOf(within)).not.toContain('BR-CO-17');
    expect(rulesOf(within)).not.toContain('BR-S-09');
  });

  it('tells failed documents by their fatal problems only', () => {
    expect(
      hasFatalProblems(
        parseEhf(MUTATIONS.find((entry) => entry.rule === 'NO-R-002')?.mutate(norwegianInvoice()) ?? ''),
      ),
    ).toBe(false);
    expect(hasFatalProblems(parseEhf(norwegianInvoice({ payableOverrideOre: 1_00 })))).toBe(true);
  });
});

describe('hostile input', () => {
  it.each([
    [
      'external entity (XXE)',
      '<?xml version="1.0"?><!DOCTYPE Invoice [<!ENTITY x SYSTEM "file:///etc/passwd">]><Invoice>&x;</Invoice>',
      'XML_DTD_FORBIDDEN',
    ],
    [
      'entity expansion (billion laughs)',
      '<!DOCTYPE l [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;&a;">]><Invoice>&b;</Invoice>',
      'XML_DTD_FORBIDDEN',
    ],
    ['deep nesting', `<Invoice>${'<a>'.repeat(100_000)}${'</a>'.repeat(100_000)}</Invoice>`, 'INVALID_XML'],
  ])('refuses %s quickly with a parse error', (_label, xml, code) => {
    const started = performance.now();
    expect(() => parseEhf(xml)).toThrow(expect.objectContaining({ code }));
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});

describe.skipIf(!hasSharedSamples)(sharedSamplesLabel('ehf'), () => {
  const problemsOf = (name: string) => parseEhf(readFileSync(join(SHARED_SAMPLES_DIR, 'ehf', name))).problems;

  it.each([
    'Allowance-example.xml',
    'Norwegian-example-1.xml',
    'Vat-category-S.xml',
    'base-creditnote-correction.xml',
    'base-example.xml',
    'base-negative-inv-correction.xml',
    'ehf-3-faktura-1.xml',
    'vat-category-E.xml',
    'vat-category-O.xml',
  ])('%s (PEPPOL BIS Billing 3) has no problem', (name) => {
    expect(problemsOf(name)).toEqual([]);
  });

  it.each([
    ['Invoice_EHF3.0_forward-billing-nettleie-corporate_v2.0.xml', ['PEPPOL-COMMON-R040']],
    // The consumer sample's buyer has the demo organisation number 123456789, which fails MOD11.
    [
      'Invoice_EHF3.0_forward-billing-nettleie-consumer_v2.0.xml',
      ['PEPPOL-COMMON-R040', 'PEPPOL-COMMON-R041'],
    ],
    ['Creditnote_EHF3.0_forward-billing-nettleie-corporate_v2.0.xml', ['PEPPOL-COMMON-R040']],
    ['Creditnote_EHF3.0_forward-billing-nettleie-consumer_v2.0.xml', ['PEPPOL-COMMON-R040']],
  ])('%s (EHF forward billing) breaks only its demo identifiers %j', (name, expected) => {
    const problems = problemsOf(name);
    expect(problems.map((problem) => problem.rule).sort()).toEqual(expected);
    // The supplier's GLN 7080001234567 in every forward billing sample has a wrong GS1 check digit.
    expect(problems.find((problem) => problem.rule === 'PEPPOL-COMMON-R040')?.message).toContain(
      '7080001234567',
    );
  });
});
