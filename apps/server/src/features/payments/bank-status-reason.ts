/**
 * What the common ISO 20022 status reason codes (ExternalStatusReason1Code) mean, for a bank report
 * that gives a code without words of its own.
 */
const REASON_TEXTS: Readonly<Record<string, string>> = {
  AC01: 'Incorrect account number',
  AC03: 'Invalid creditor account number',
  AC04: 'Closed account number',
  AC06: 'Blocked account',
  AG01: 'Transaction forbidden on this type of account',
  AG02: 'Invalid bank operation code',
  AM01: 'Zero amount',
  AM02: 'Amount above the allowed maximum',
  AM04: 'Insufficient funds',
  AM05: 'Duplicate payment',
  AM09: 'Wrong amount',
  AM10: 'Invalid control sum',
  BE05: 'Unrecognised initiating party',
  CUST: 'Cancelled at the request of the customer',
  DS02: 'Order cancelled',
  DT01: 'Invalid date',
  DUPL: 'Duplicate payment',
  FF01: 'Invalid file format',
  MD07: 'The account holder is deceased',
  MS02: 'Reason not specified by the customer',
  MS03: 'Reason not specified by the bank',
  NARR: 'See the bank’s narrative',
  NOAS: 'No answer from the customer',
  RC01: 'Incorrect bank identifier (BIC)',
  RR04: 'Regulatory reason',
};

export function bankReasonText(code: string | null | undefined): string | null {
  if (code === null || code === undefined) return null;
  return REASON_TEXTS[code.toUpperCase()] ?? null;
}
