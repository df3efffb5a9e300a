import type { PackagePurchaseStatus } from '@bilag/contracts';
import { Badge } from '@mantine/core';
import {
  type Icon,
  IconCalendarOff,
  IconCheck,
  IconClock,
  IconCreditCardOff,
  IconHourglass,
  IconX,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const statusLook: Record<PackagePurchaseStatus, { color: string; icon: Icon }> = {
  pending: { color: 'yellow', icon: IconClock },
  processing: { color: 'blue', icon: IconHourglass },
  failed: { color: 'red', icon: IconCreditCardOff },
  active: { color: 'green', icon: IconCheck },
  expired: { color: 'gray', icon: IconCalendarOff },
  canceled: { color: 'gray', icon: IconX },
};

/** A dot badge keeps its text dark for contrast; the icon tells the statuses apart without colour. */
export function PurchaseStatusBadge({ status }: { status: PackagePurchaseStatus }) {
  const { t } = useTranslation();
  const look = statusLook[status];
  const StatusIcon = look.icon;
  return (
    <Badge
      variant="dot"
      color={look.color}
      radius="sm"
      tt="none"
      styles={{ root: { flexShrink: 0 }, label: { overflow: 'visible' } }}
      rightSection={<StatusIcon size={12} aria-hidden />}
      data-testid="purchase-status"
      data-status={status}
    >
      {t(`paymentPackages.statuses.${status}`)}
    </Badge>
  );
}
