import type { EhfDocumentStatus } from '@bilag/contracts';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const STATUS_COLORS: Record<EhfDocumentStatus, string> = {
  'voucher-created': 'green',
  'failed-checks': 'red',
  refused: 'gray',
  spam: 'dark',
};

export function EhfStatusBadge({ status }: { status: EhfDocumentStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLORS[status]} variant="dot" radius="sm" tt="none" data-testid="ehf-status">
      {t(`ehf.status.${status}`)}
    </Badge>
  );
}
