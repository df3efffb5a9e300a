import { DomainError } from '../errors';
import { type CamtEntry, type CamtStatement, parseCamt053 } from '../iso20022/camt053';
import type { AccountIdentification } from '../iso20022/common';
import { pain001MessageFromRequest, writePain001 } from '../iso20022/pain001';
import { parsePain002 } from '../iso20022/pain002';
import { oreToDecimal } from '../money/decimal';
import type { Ore } from '../money/ore';
import { readInputFile } from './read-input-file';

function decimal(amount: Ore | undefined, currency: string | undefined): string | undefined {
  return amount === undefined ? undefined : oreToDecimal(amount, currency ?? 'NOK');
}

function accountText(account: AccountIdentification | undefined): string | undefined {
  return account?.iban ?? account?.bban;
}

function entryOutput(entry: CamtEntry) {
  return {
    amount: decimal(entry.amount, entry.currency),
    currency: entry.currency,
    status: entry.status,
    bookingDate: entry.bookingDate,
    valueDate: entry.valueDate,
    kid: entry.kid,
    rfReference: entry.rfReference,
    endToEndId: entry.endToEndId,
    accountServicerRef: entry.accountServicerRef,
    text: entry.text,
    counterparty: { name: entry.counterparty.name, account: accountText(entry.counterparty.account) },
    transactions:
      entry.transactions.length > 1
        ? entry.transactions.map((transaction) => ({
            amount: decimal(transaction.amount, transaction.currency),
            currency: transaction.currency,
            kid: transaction.kid,
            rfReference: transaction.rfReference,
            endToEndId: transaction.endToEndId,
            accountServicerRef: transaction.accountServicerRef,
            text: transaction.text,
            counterparty: {
              name: transaction.counterparty.name,
              account: accountText(transaction.counterparty.account),
            },
          }))
        : undefined,
  };
}

function statementOutput(statement: CamtStatement) {
  const proof = statement.balanceProof;
  return {
    id: statement.id,
    electronicSequenceNumber: statement.electronicSequenceNumber,
    legalSequenceNumber: statement.legalSequenceNumber,
    account: { iban: statement.account.iban, bban: statement.account.bban },
    currency: statement.currency,
    balances: statement.balances.map((balance) => ({
      type: balance.type,
      amount: decimal(balance.amount, balance.currency),
      currency: balance.currency,
      date: balance.date,
    })),
    balanceProof:
      proof === undefined
        ? undefined
        : {
            ok: proof.ok,
            expected: decimal(proof.expected, proof.currency),
            actual: decimal(proof.actual, proof.currency),
          },
    entries: statement.entries.map(entryOutput),
  };
}

/** `parse camt053 <file>`: statements (camt.053, also camt.052/054) with balances, proof and entries. */
export async function runParseCamt053(args: string[]): Promise<unknown> {
  const document = parseCamt053(await readInputFile(args, 'parse camt053 <file>'));
  return {
    messageType: document.messageType,
    version: document.version,
    messageId: document.messageId,
    statements: document.statements.map(statementOutput),
  };
}

/** `parse pain002 <file>`: the status of the original message, its payment blocks and transactions. */
export async function runParsePain002(args: string[]): Promise<unknown> {
  const report = parsePain002(await readInputFile(args, 'parse pain002 <file>'));
  return {
    ...report,
    paymentInfos: report.paymentInfos.map((paymentInfo) => ({
      ...paymentInfo,
      transactions: paymentInfo.transactions.map((transaction) => ({
        ...transaction,
        amount: decimal(transaction.amount, transaction.currency),
      })),
    })),
  };
}

/** `write pain001 <payments.json>`: the JSON shape is {@link import('../iso20022/pain001').Pain001Request}. */
export async function runWritePain001(args: string[]): Promise<string> {
  const text = (await readInputFile(args, 'write pain001 <payments.json>')).toString('utf8');
  let request: unknown;
  try {
    request = JSON.parse(text);
  } catch (error) {
    throw new DomainError(
      'INVALID_PAYMENT',
      `The payments file is not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const { message, version } = pain001MessageFromRequest(request);
  return writePain001(message, version);
}
