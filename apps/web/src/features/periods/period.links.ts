import { BankTransactionStatus } from '@bilag/contracts';
import { bankBalanceSearch } from '../banks';
import { importDocumentSearch } from '../imports';
import { transactionListSearch } from '../transactions';
import type { BlockerFix } from './period.blockers';

/** The address of the screen that fixes a blocker, relative to /{company}/, with its filter. */
export function blockerFixPath(fix: BlockerFix): string {
  switch (fix.screen) {
    case 'bank-list':
      return `bank${transactionListSearch({
        year: fix.year,
        month: fix.month,
        companyBankId: fix.companyBankId,
        status: BankTransactionStatus.MISSING_VOUCHER,
      })}`;
    case 'statement-import':
      return `bank/import-document${importDocumentSearch(fix.companyBankId)}`;
    case 'balances':
      return `bank-management${bankBalanceSearch(fix)}`;
  }
}
