import { Button, Checkbox, Group, MultiSelect, Stack, Text } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../ui/AppModal';
import { ErrorAlert } from '../../../ui/ErrorAlert';
import { companyKeys } from '../../companies';
import { useCopyRulesMutation } from './rule.mutations';

type CopyRulesModalProps = {
  opened: boolean;
  fromCompanyId: number;
  /** The rules ticked in the list; every rule of the company is copied when none are. */
  tickedRuleIds: readonly number[];
  onClose: () => void;
};

/** Copies this company's rules to other companies the person has, such as a bureau's similar clients. */
export function CopyRulesModal({ opened, fromCompanyId, tickedRuleIds, onClose }: CopyRulesModalProps) {
  const { t } = useTranslation();
  const companies = useQuery(companyKeys.list());
  const copyRules = useCopyRulesMutation(fromCompanyId);
  const [targetIds, setTargetIds] = useState<string[]>([]);
  const [isOnlyTicked, setIsOnlyTicked] = useState(tickedRuleIds.length > 0);

  const options = (companies.data?.rows ?? [])
    .filter((company) => company.Id !== fromCompanyId)
    .map((company) => ({ value: String(company.Id), label: company.Name }));

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (targetIds.length === 0) return;
    copyRules.mutate(
      {
        toCompanyIds: targetIds.map(Number),
        ruleIds: isOnlyTicked && tickedRuleIds.length > 0 ? [...tickedRuleIds] : undefined,
      },
      { onSuccess: onClose },
    );
  }

  return (
    <AppModal opened={opened} onClose={onClose} title={t('rules.copy.title')} size="lg">
      <form onSubmit={onSubmit} noValidate aria-label={t('rules.copy.title')}>
        <Stack gap="md">
          <Text size="sm">{t('rules.copy.text')}</Text>
          <MultiSelect
            label={t('rules.copy.targets')}
            placeholder={t('rules.copy.targetsPlaceholder')}
            data={options}
            value={targetIds}
            onChange={(value) => {
              setTargetIds(value);
              copyRules.reset();
            }}
            searchable
            nothingFoundMessage={t('rules.copy.noCompanies')}
            disabled={companies.data === undefined}
            data-autofocus
            data-testid="copy-targets"
          />
          {tickedRuleIds.length > 0 && (
            <Checkbox
              label={t('rules.copy.onlyTicked', { count: tickedRuleIds.length })}
              checked={isOnlyTicked}
              onChange={(event) => setIsOnlyTicked(event.currentTarget.checked)}
              data-testid="copy-only-ticked"
            />
          )}
          {copyRules.isError && <ErrorAlert error={copyRules.error} data-testid="copy-failed" />}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={copyRules.isPending}>
              {t('rules.copy.cancel')}
            </Button>
            <Button
              type="submit"
              leftSection={<IconCopy size={16} aria-hidden />}
              loading={copyRules.isPending}
              disabled={targetIds.length === 0}
              data-testid="copy-confirm"
            >
              {t('rules.copy.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
