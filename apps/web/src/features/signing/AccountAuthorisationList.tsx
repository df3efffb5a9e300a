import type { AccountAuthorisationOutcome, AuthorizeDataEntry } from '@bilag/contracts';
import { formatAccountNumber } from '@bilag/domain/validators/account-number';
import { Group, List, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const outcomeKeys = {
  authorised: 'signing.outcome.authorised',
  'not-authorised': 'signing.outcome.notAuthorised',
  'unknown-account': 'signing.outcome.unknownAccount',
  'not-confirmed': 'signing.outcome.notConfirmed',
} as const satisfies Record<AccountAuthorisationOutcome, string>;

/** What the bank authorisation service answered for each account: may the signer pay from it or not. */
export function AccountAuthorisationList({ entries }: { entries: readonly AuthorizeDataEntry[] }) {
  const { t } = useTranslation();
  return (
    <List listStyleType="none" spacing="sm" w="100%" aria-label={t('signing.outcome.label')}>
      {entries.map((entry) => (
        <List.Item key={entry.companyBankId} data-testid={`authorisation-${entry.accountNumber}`}>
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <ThemeIcon color={entry.authorised ? 'green' : 'red'} variant="light" radius="xl" size="md">
              {entry.authorised ? <IconCheck size={16} aria-hidden /> : <IconX size={16} aria-hidden />}
            </ThemeIcon>
            <div>
              <Text size="sm" fw={600} ff="monospace">
                {formatAccountNumber(entry.accountNumber)}
              </Text>
              <Text size="sm" c={entry.authorised ? undefined : 'red.8'}>
                {t(outcomeKeys[entry.outcome])}
              </Text>
            </div>
          </Group>
        </List.Item>
      ))}
    </List>
  );
}
