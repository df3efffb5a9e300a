import {
  BankTransactionStatus,
  type RuleAction,
  type RuleCondition,
  type RuleEffect,
} from '@bilag/contracts';
import { formatAccountNumber } from '@bilag/domain/validators/account-number';
import type { TFunction } from 'i18next';
import { formatMoney } from '../../../ui/format';
import { RULE_STATUSES, type RuleStatus } from './rule.form';

const statusKeys = {
  [BankTransactionStatus.MISSING_VOUCHER]: 'rules.status.missing',
  [BankTransactionStatus.PRIVATE]: 'rules.status.private',
  [BankTransactionStatus.LOST]: 'rules.status.lost',
} as const satisfies Record<RuleStatus, string>;

export function ruleStatusText(status: number, t: TFunction): string {
  const ruleStatus = RULE_STATUSES.find((candidate) => candidate === status);
  return ruleStatus === undefined ? String(status) : t(statusKeys[ruleStatus]);
}

function money(amountOre: number): string {
  return formatMoney(amountOre, 'NOK');
}

type TextCondition = Extract<RuleCondition, { kind: 'text' }>;
type AmountCondition = Extract<RuleCondition, { kind: 'amount' }>;

function textConditionText(condition: TextCondition, t: TFunction): string {
  switch (condition.operator) {
    case 'contains':
      return t('rules.summary.textContains', { value: condition.value });
    case 'equals':
      return t('rules.summary.textEquals', { value: condition.value });
    case 'startsWith':
      return t('rules.summary.textStartsWith', { value: condition.value });
    case 'regex':
      return t('rules.summary.textRegex', { value: condition.value });
    case 'oneOf':
      return t('rules.summary.textOneOf', {
        values: condition.values.map((value) => `"${value}"`).join(', '),
      });
  }
}

function amountConditionText(condition: AmountCondition, t: TFunction): string {
  switch (condition.operator) {
    case 'equals':
      return t('rules.summary.amountEquals', { amount: money(condition.amountOre) });
    case 'between':
      return t('rules.summary.amountBetween', { min: money(condition.minOre), max: money(condition.maxOre) });
    case 'approximately':
      return t('rules.summary.amountApproximately', {
        amount: money(condition.amountOre),
        tolerance: money(condition.toleranceOre),
      });
    case 'sign':
      return t(condition.sign === 'in' ? 'rules.summary.moneyIn' : 'rules.summary.moneyOut');
  }
}

/** What a condition looks for, as a phrase: 'Text contains "Telenor"', "Amount between 100,00 and 200,00 NOK". */
export function conditionText(condition: RuleCondition, t: TFunction): string {
  switch (condition.kind) {
    case 'text':
      return textConditionText(condition, t);
    case 'amount':
      return amountConditionText(condition, t);
    case 'counterpartyAccount':
      return t('rules.summary.counterpartyAccount', {
        account: formatAccountNumber(condition.accountNumber),
      });
    case 'kidPresent':
      return t(condition.present ? 'rules.summary.hasKid' : 'rules.summary.hasNoKid');
    case 'bankAccount':
      return t('rules.summary.bankAccount', { account: formatAccountNumber(condition.accountNumber) });
  }
}

/** What an action does, as a phrase: "Connect to the open voucher with the same KID". */
export function actionText(action: RuleAction, t: TFunction): string {
  switch (action.kind) {
    case 'connect':
      return t(action.by === 'kid' ? 'rules.summary.connectByKid' : 'rules.summary.connectByAmount');
    case 'setStatus':
      return t('rules.summary.setStatus', { status: ruleStatusText(action.status, t) });
    case 'markPrivate':
      return t('rules.summary.markPrivate');
    case 'setNote':
      return t('rules.summary.setNote', { note: action.note });
    case 'addLabel':
      return t('rules.summary.addLabel', { label: action.label });
  }
}

/** What one action of a previewed rule would do to one transaction. */
export function changeText(change: RuleEffect['Changes'][number], t: TFunction): string {
  if (change.isSkipped) {
    return t(change.kind === 'connect' ? 'rules.preview.connectSkipped' : 'rules.preview.skipped');
  }
  switch (change.kind) {
    case 'connect':
      return change.voucherId === null
        ? t('rules.preview.connectSkipped')
        : t('rules.preview.connect', { id: change.voucherId });
    case 'setStatus':
      return t('rules.preview.setStatus', { status: ruleStatusText(change.status ?? 0, t) });
    case 'markPrivate':
      return t('rules.preview.markPrivate');
    case 'setNote':
      return t('rules.preview.setNote', { note: change.text ?? '' });
    case 'addLabel':
      return t('rules.preview.addLabel', { label: change.text ?? '' });
  }
}
