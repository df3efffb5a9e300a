import type { Ore } from '../money/ore';

export type EhfDocumentType = 'Invoice' | 'CreditNote';

export interface EhfEndpoint {
  id: string;
  /** ISO 6523 ICD, e.g. 0192 for a Norwegian organisation number, 0088 for a GLN. */
  scheme: string | undefined;
}

export interface EhfParty {
  /** Legal name (PartyLegalEntity/RegistrationName), else the trading name. */
  name: string | undefined;
  tradingName: string | undefined;
  /** Legal registration id (PartyLegalEntity/CompanyID), else a 0192 EndpointID. */
  orgNumber: string | undefined;
  orgNumberScheme: string | undefined;
  endpointId: EhfEndpoint | undefined;
  vatId: string | undefined;
  country: string | undefined;
}

export interface EhfTaxSubtotal {
  taxableAmount: Ore;
  taxAmount: Ore;
  /** UNCL5305 code: S, Z, E, AE, K, G, O, L, M. */
  category: string | undefined;
  /** As written, e.g. "25" or "12.5". */
  percent: string | undefined;
  exemptionReasonCode: string | undefined;
  exemptionReason: string | undefined;
}

export interface EhfAllowanceCharge {
  /** true for a charge, false for an allowance. */
  isCharge: boolean;
  amount: Ore;
  reason: string | undefined;
  reasonCode: string | undefined;
  vatCategory: string | undefined;
  vatPercent: string | undefined;
}

export interface EhfTotals {
  lineExtensionAmount: Ore;
  taxExclusiveAmount: Ore;
  taxInclusiveAmount: Ore;
  allowanceTotalAmount: Ore | undefined;
  chargeTotalAmount: Ore | undefined;
  prepaidAmount: Ore | undefined;
  payableRoundingAmount: Ore | undefined;
  payableAmount: Ore;
  /** TaxTotal/TaxAmount in the document currency. */
  taxAmount: Ore;
}

export interface EhfPayeeAccount {
  id: string;
  iban: string | undefined;
  bban: string | undefined;
  bic: string | undefined;
  name: string | undefined;
}

export interface EhfLine {
  id: string | undefined;
  /** Decimal as written; negative on correction lines. */
  quantity: string | undefined;
  /** UN/ECE rec 20 unit code, e.g. EA, HUR, NAR. */
  unit: string | undefined;
  netAmount: Ore;
  itemName: string | undefined;
  description: string | undefined;
  vatCategory: string | undefined;
  vatPercent: string | undefined;
  /** Net price per base quantity, as written (may have more decimals than the currency). */
  price: string | undefined;
  note: string | undefined;
}

/** As the rule set flags the rule: a fatal problem makes the document fail its checks. */
export type EhfProblemSeverity = 'fatal' | 'warning';

/** A published validation rule the document breaks. */
export interface EhfProblem {
  /** The rule's published id, e.g. BR-CO-15, PEPPOL-EN16931-R001, NO-R-001. */
  rule: string;
  severity: EhfProblemSeverity;
  /** What the rule asks for, in plain English, with the values found. */
  message: string;
  /** Where in the document, as an XPath-like path such as /Invoice/InvoiceLine[2]/Price. */
  path?: string;
}
