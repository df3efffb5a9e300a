import type { PeriodProof, PeriodState } from '@bilag/contracts';
import { Badge, VisuallyHidden } from '@mantine/core';
import {
  type Icon,
  IconAlertTriangle,
  IconCheck,
  IconClock,
  IconFileOff,
  IconLock,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A badge in a table cell keeps its whole name rather than shrinking to an ellipsis. */
const UNCLIPPED = { root: { flexShrink: 0 }, label: { overflow: 'visible' } } as const;

const stateLook: Record<PeriodState, { color: string; icon: Icon }> = {
  closed: { color: 'gray', icon: IconLock },
  ready: { color: 'green', icon: IconCheck },
  blocked: { color: 'red', icon: IconAlertTriangle },
  'not-ended': { color: 'blue', icon: IconClock },
  empty: { color: 'gray', icon: IconFileOff },
};

type PeriodStateBadgeProps = {
  state: PeriodState;
  size?: 'sm' | 'md' | 'lg';
  /** The short name, for the narrow cells of a table of many months. */
  isShort?: boolean;
  /** Words for a screen reader after the state, such as which company's month it is (WCAG 2.5.3). */
  hiddenSuffix?: string;
};

/** A dot badge keeps its text dark for AA contrast; the icon tells the states apart without colour. */
export function PeriodStateBadge({
  state,
  size = 'sm',
  isShort = false,
  hiddenSuffix,
}: PeriodStateBadgeProps) {
  const { t } = useTranslation();
  const look = stateLook[state];
  const StateIcon = look.icon;
  return (
    <Badge
      variant="dot"
      color={look.color}
      radius="sm"
      size={size}
      tt="none"
      styles={UNCLIPPED}
      rightSection={<StateIcon size={12} aria-hidden />}
      data-testid="period-state"
      data-state={state}
    >
      {isShort ? t(`periods.shortStates.${state}`) : t(`periods.states.${state}`)}
      {hiddenSuffix && <VisuallyHidden> {hiddenSuffix}</VisuallyHidden>}
    </Badge>
  );
}

const proofColors: Record<PeriodProof, string> = {
  holds: 'green',
  'no-activity': 'gray',
  'opening-missing': 'orange',
  'opening-mismatch': 'red',
  'closing-missing': 'orange',
  difference: 'red',
};

export function PeriodProofBadge({ proof }: { proof: PeriodProof }) {
  const { t } = useTranslation();
  return (
    <Badge
      variant="dot"
      color={proofColors[proof]}
      radius="sm"
      size="sm"
      tt="none"
      styles={UNCLIPPED}
      data-testid="period-proof"
      data-proof={proof}
    >
      {t(`periods.proofs.${proof}`)}
    </Badge>
  );
}
