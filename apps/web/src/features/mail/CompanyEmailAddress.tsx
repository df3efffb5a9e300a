import { ActionIcon, CopyButton, Group, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The company's receiving address with a button that copies it, for the settings page and the inbox. */
export function CompanyEmailAddress({ address }: { address: string }) {
  const { t } = useTranslation();
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" ff="monospace" data-testid="company-email-address" style={{ wordBreak: 'break-all' }}>
        {address}
      </Text>
      <CopyButton value={address} timeout={2000}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? t('mail.address.copied') : t('mail.address.copy')} withArrow>
            <ActionIcon
              variant="subtle"
              color={copied ? 'green' : 'gray'}
              onClick={copy}
              aria-label={copied ? t('mail.address.copied') : t('mail.address.copy')}
            >
              {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}
