import type { InboxChannel, InboxStatus } from '@bilag/contracts';
import { Badge, Group, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconFileInvoice, IconMail } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const STATUS_COLORS: Record<InboxStatus, string> = {
  received: 'gray',
  'voucher-created': 'green',
  'needs-review': 'yellow',
  refused: 'red',
  spam: 'dark',
  duplicate: 'blue',
};

export function InboxStatusBadge({ status }: { status: InboxStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLORS[status]} variant="dot" data-testid="inbox-status">
      {t(`inbox.status.${status}`)}
    </Badge>
  );
}

/** How it came: an envelope for e-mail, an invoice for EHF; the name beside it for screen readers too. */
export function InboxChannelMark({
  channel,
  isLabelShown = false,
}: {
  channel: InboxChannel;
  isLabelShown?: boolean;
}) {
  const { t } = useTranslation();
  const Icon = channel === 'ehf' ? IconFileInvoice : IconMail;
  return (
    <Group gap={6} wrap="nowrap" data-testid={`inbox-channel-${channel}`}>
      <ThemeIcon variant="light" color={channel === 'ehf' ? 'indigo' : 'cyan'} size="sm" radius="xl">
        <Icon size={14} aria-hidden />
      </ThemeIcon>
      {isLabelShown ? (
        <Text size="sm">{t(`inbox.channel.${channel}`)}</Text>
      ) : (
        <VisuallyHidden>{t(`inbox.channel.${channel}`)}</VisuallyHidden>
      )}
    </Group>
  );
}
