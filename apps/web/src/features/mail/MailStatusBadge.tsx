import type { InboxStatus, MailAttachmentOutcome } from '@bilag/contracts';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const STATUS_COLORS: Record<InboxStatus, string> = {
  received: 'gray',
  'voucher-created': 'green',
  'needs-review': 'orange',
  refused: 'red',
  spam: 'dark',
  duplicate: 'blue',
};

const OUTCOME_COLORS: Record<MailAttachmentOutcome, string> = {
  voucher: 'green',
  ehf: 'teal',
  duplicate: 'blue',
  refused: 'red',
  pending: 'gray',
};

export function MailStatusBadge({ status }: { status: InboxStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant="dot" color={STATUS_COLORS[status]} radius="sm" tt="none">
      {t(`mail.statuses.${status}`)}
    </Badge>
  );
}

export function AttachmentOutcomeBadge({ outcome }: { outcome: MailAttachmentOutcome }) {
  const { t } = useTranslation();
  return (
    <Badge variant="dot" size="sm" color={OUTCOME_COLORS[outcome]} radius="sm" tt="none">
      {t(`mail.outcomes.${outcome}`)}
    </Badge>
  );
}
