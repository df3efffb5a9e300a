import { currencyMinorUnits, minorUnitsToDecimal } from '../money/decimal';
import { validateAccountNumber } from '../validators/account-number';
import { validateIban } from '../validators/iban';
import { validateKid } from '../validators/kid';
import { validateOrganisationNumber } from '../validators/organisation-number';
import type { EhfDocument } from './ehf';
import type { EhfParty, EhfProblem, EhfProblemCode } from './types';

type CheckedDocument = Omit<EhfDocument, 'problems'>;

/**
 * PEPPOL BIS 3 (BR-CO-17) accepts a VAT amount within one currency unit of taxable × rate, so a smaller
 * difference is a warning and only a larger one is an error.
 */
const TAX_ROUNDING_TOLERANCE_UNITS = 1;

function sum(values: readonly number[]): number {
  let total = 0;
  for (const value of values) total += value;
  return total;
}

/** taxable × percent / 100, rounded half away from zero, exact for any decimal percent. */
export function taxForRate(taxable: number, percent: string): number | undefined {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(percent.trim());
  if (!match) return undefined;
  const fraction = match[2] ?? '';
  const scaledPercent = BigInt(`${match[1]}${fraction}`);
  const divisor = 100n * 10n ** BigInt(fraction.length);
  const product = BigInt(taxable) * scaledPercent;
  const magnitude = product < 0n ? -product : product;
  const rounded = (magnitude * 2n + divisor) / (divisor * 2n);
  return Number(product < 0n ? -rounded : rounded);
}

export function findEhfProblems(document: CheckedDocument): EhfProblem[] {
  const problems: EhfProblem[] = [];
  const decimals = currencyMinorUnits(document.currency);
  const format = (value: number) => `${minorUnitsToDecimal(value, decimals)} ${document.currency}`;
  const mismatch = (code: EhfProblemCode, what: string, expected: number, actual: number) => {
    if (expected === actual) return;
    problems.push({
      severity: 'error',
      code,
      message: `${what}: expected ${format(expected)}, the document says ${format(actual)}`,
      expected: minorUnitsToDecimal(expected, decimals),
      actual: minorUnitsToDecimal(actual, decimals),
    });
  };

  const { totals } = document;
  const allowances = document.allowanceCharges
    .filter((entry) => !entry.isCharge)
    .map((entry) => entry.amount);
  const charges = document.allowanceCharges.filter((entry) => entry.isCharge).map((entry) => entry.amount);
  const allowanceTotal = totals.allowanceTotalAmount ?? 0;
  const chargeTotal = totals.chargeTotalAmount ?? 0;

  mismatch(
    'LINE_TOTAL_MISMATCH',
    'Sum of line amounts ≠ LineExtensionAmount',
    sum(document.lines.map((line) => line.netAmount)),
    totals.lineExtensionAmount,
  );
  mismatch(
    'ALLOWANCE_TOTAL_MISMATCH',
    'Sum of allowances ≠ AllowanceTotalAmount',
    sum(allowances),
    allowanceTotal,
  );
  mismatch('CHARGE_TOTAL_MISMATCH', 'Sum of charges ≠ ChargeTotalAmount', sum(charges), chargeTotal);
  mismatch(
    'TAX_EXCLUSIVE_MISMATCH',
    'LineExtensionAmount − allowances + charges ≠ TaxExclusiveAmount',
    totals.lineExtensionAmount - allowanceTotal + chargeTotal,
    totals.taxExclusiveAmount,
  );
  if (document.taxSubtotals.length > 0) {
    mismatch(
      'TAX_TOTAL_MISMATCH',
      'Sum of VAT per rate ≠ TaxTotal/TaxAmount',
      sum(document.taxSubtotals.map((subtotal) => subtotal.taxAmount)),
      totals.taxAmount,
    );
  }
  mismatch(
    'TAX_INCLUSIVE_MISMATCH',
    'TaxExclusiveAmount + VAT ≠ TaxInclusiveAmount',
    totals.taxExclusiveAmount + totals.taxAmount,
    totals.taxInclusiveAmount,
  );
  mismatch(
    'PAYABLE_MISMATCH',
    'TaxInclusiveAmount − PrepaidAmount + PayableRoundingAmount ≠ PayableAmount',
    totals.taxInclusiveAmount - (totals.prepaidAmount ?? 0) + (totals.payableRoundingAmount ?? 0),
    totals.payableAmount,
  );

  const tolerance = TAX_ROUNDING_TOLERANCE_UNITS * 10 ** decimals;
  for (const subtotal of document.taxSubtotals) {
    if (subtotal.percent === undefined) continue;
    const expected = taxForRate(subtotal.taxableAmount, subtotal.percent);
    if (expected === undefined || expected === subtotal.taxAmount) continue;
    const withinTolerance = Math.abs(expected - subtotal.taxAmount) <= tolerance;
    problems.push({
      severity: withinTolerance ? 'warning' : 'error',
      code: withinTolerance ? 'TAX_SUBTOTAL_ROUNDING' : 'TAX_SUBTOTAL_MISMATCH',
      message: `VAT ${subtotal.category ?? ''} ${subtotal.percent} % of ${format(subtotal.taxableAmount)} is ${format(expected)}, the document says ${format(subtotal.taxAmount)}`,
      expected: minorUnitsToDecimal(expected, decimals),
      actual: minorUnitsToDecimal(subtotal.taxAmount, decimals),
    });
  }

  if (document.kid !== undefined && !validateKid(document.kid).valid) {
    problems.push({
      severity: 'warning',
      code: 'KID_CHECKSUM',
      message: `KID ${document.kid} fails both the MOD10 and the MOD11 check; confirm it with the supplier before paying`,
    });
  }
  checkOrganisationNumber(document.supplier, 'Supplier', problems);
  checkOrganisationNumber(document.customer, 'Customer', problems);

  const account = document.supplierAccount;
  if (account?.iban !== undefined && !validateIban(account.iban).valid) {
    problems.push({
      severity: 'warning',
      code: 'ACCOUNT_CHECKSUM',
      message: `The supplier's IBAN ${account.iban} is not valid`,
    });
  } else if (
    account?.bban !== undefined &&
    /^\d{11}$/.test(account.bban) &&
    !validateAccountNumber(account.bban).valid
  ) {
    problems.push({
      severity: 'warning',
      code: 'ACCOUNT_CHECKSUM',
      message: `The supplier's account number ${account.bban} fails the MOD11 check`,
    });
  }
  return problems;
}

/** Only Norwegian numbers are checked: scheme 0192, or nine digits with no scheme given. */
function checkOrganisationNumber(party: EhfParty, role: string, problems: EhfProblem[]): void {
  const candidates = new Set<string>();
  const isNorwegian = (scheme: string | undefined, value: string) =>
    scheme === '0192' || (scheme === undefined && /^\d{9}$/.test(value));
  if (party.orgNumber !== undefined && isNorwegian(party.orgNumberScheme, party.orgNumber)) {
    candidates.add(party.orgNumber.replace(/\s/g, ''));
  }
  if (party.endpointId !== undefined && party.endpointId.scheme === '0192') {
    candidates.add(party.endpointId.id.replace(/\s/g, ''));
  }
  for (const candidate of candidates) {
    if (validateOrganisationNumber(candidate).valid) continue;
    problems.push({
      severity: 'warning',
      code: 'ORG_NUMBER_CHECKSUM',
      message: `${role} organisation number ${candidate} fails the MOD11 check`,
    });
  }
}
