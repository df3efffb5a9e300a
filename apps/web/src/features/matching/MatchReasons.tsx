import type { MatchReason } from '@bilag/contracts';
import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { reasonText, scorePercent } from './match-reason';

/** Reasons a person can check at a glance (same KID, same reference, same amount) have a green dot. */
const STRONG_REASONS: readonly MatchReason['code'][] = ['SAME_KID', 'SAME_PAYMENT_REFERENCE', 'SAME_AMOUNT', 'RULE'];

/** Why a voucher and a transaction are thought to belong together, in words. */
export function MatchReasons({ reasons }: { reasons: readonly MatchReason[] }) {
  const { t } = useTranslation();
  if (reasons.length === 0) return null;
  return (
    <Group gap={4} wrap="wrap" role="list" aria-label={t('matching.reason.label')}>
      {reasons.map((reason, index) => (
        <Badge
          key={`${reason.code}-${index}`}
          role="listitem"
          variant="dot"
          color={STRONG_REASONS.includes(reason.code) ? 'teal' : 'gray'}
          radius="sm"
          size="sm"
          tt="none"
          data-testid="match-reason"
        >
          {reasonText(reason, t)}
        </Badge>
      ))}
    </Group>
  );
}

/** How sure the matching is, as a percentage; dark colours keep small text readable. */
export function MatchScore({ score }: { score: number }) {
  const { t } = useTranslation();
  const percent = scorePercent(score);
  const color = percent >= 80 ? 'teal.9' : percent >= 50 ? 'yellow.9' : 'gray.7';
  return (
    <Text
      span
      size="sm"
      fw={700}
      c={color}
      title={t('matching.suggestion.scoreTitle')}
      style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
      data-testid="match-score"
    >
      {t('matching.suggestion.score', { percent })}
    </Text>
  );
}
