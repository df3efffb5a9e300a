import type { Payment } from '@bilag/contracts';
import type { PaymentRow } from './payment.table';

/** A payment as the API shows it; the voucher's supplier name comes from a join where the list has it. */
export function toPayment(row: PaymentRow, voucherSupplierName: string | null = null): Payment {
  return {
    Id: row.id,
    Uuid: row.uuid,
    CompanyId: row.companyId,
    VoucherId: row.voucherId,
    Type: row.type,
    Source: row.source,
    Status: row.status,
    BankStatus: row.bankStatus,
    BankStatusReason: row.bankStatusReason,
    BankStatusText: row.bankStatusText,
    DebtorCompanyBankId: row.debtorCompanyBankId,
    DebtorAccountNumber: row.debtorAccountNumber,
    CreditorName: row.creditorName,
    CreditorAccount: row.creditorAccount,
    CreditorCompanyBankId: row.creditorCompanyBankId,
    CreditorBic: row.creditorBic,
    CreditorCountry: row.creditorCountry,
    CreditorAddress: row.creditorAddress,
    CreditorPostCode: row.creditorPostCode,
    CreditorTown: row.creditorTown,
    AmountOre: row.amountOre,
    Currency: row.currency,
    DueDate: row.dueDate,
    Kid: row.kid,
    Message: row.message,
    ChargeBearer: row.chargeBearer,
    ReasonCode: row.reasonCode,
    ReasonText: row.reasonText,
    EndToEndId: row.endToEndId,
    BasketUuid: row.basketUuid,
    ExportId: row.exportId,
    PaidAt: row.paidAt?.toISOString() ?? null,
    PaidTransactionId: row.paidTransactionId,
    PaidReason: row.paidReason,
    VoucherSupplierName: voucherSupplierName,
    CreatedBy: row.createdBy,
    CreatedAt: row.createdAt.toISOString(),
    UpdatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * An end-to-end id the bank carries back on the statement: at most 35 characters of the ISO 20022 Max35Text,
 * unique per company, and readable enough to find in a bank's search.
 */
export function newEndToEndId(uuid: string): string {
  return `BILAG-${uuid.replaceAll('-', '').slice(0, 29).toUpperCase()}`;
}
