import type { MatchReason } from '@bilag/contracts';
import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { keyedByText } from '../../ui/keyed';
import { MONEY_IN_COLOR } from '../../ui/SignedAmount';
import { reasonText, scorePercent } from './matching.format';

/** Reasons a person can check at a glance (same KID, same reference, same amount) have a green dot. */
const STRONG_REASONS: readonly MatchReason['code'][] = [
  'SAME_KID',
  'SAME_PAYMENT_REFERENCE',
  'SAME_AMOUNT',
  'RULE',
];

const SURE_PERCENT = 80;

/** Why a voucher and a transaction are thought to belong together, in words. */
export function MatchReasons({ reasons }: { reasons: readonly MatchReason[] }) {
  const { t } = useTranslation();
  if (reasons.length === 0) return null;
  return (
    <Group gap={4} wrap="wrap" role="list" aria-label={t('matching.reason.label')}>
      {keyedByText(reasons, (reason) => reasonText(reason, t)).map(({ key, text, item }) => (
        <Badge
          key={key}
          role="listitem"
          variant="dot"
          color={STRONG_REASONS.includes(item.code) ? 'teal' : 'gray'}
          radius="sm"
          size="sm"
          tt="none"
          data-testid="match-reason"
        >
          {text}
        </Badge>
      ))}
    </Group>
  );
}

/** How sure the matching is, as a percentage; a sure one in the green that stays readable on tinted rows. */
export function MatchScore({ score }: { score: number }) {
  const { t } = useTranslation();
  const percent = scorePercent(score);
  return (
    <Text
      span
      size="sm"
      fw={700}
      c={percent >= SURE_PERCENT ? MONEY_IN_COLOR : undefined}
      title={t('matching.suggestion.scoreTitle')}
      style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
      data-testid="match-score"
    >
      {t('common.percent', { percent })}
    </Text>
  );
}
