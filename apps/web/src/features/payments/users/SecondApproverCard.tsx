import type { PaymentSettings } from '@bilag/contracts';
import { filterPositiveAmountInput } from '@bilag/domain/money/norwegian';
import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../app/api/errors';
import { formatMoney } from '../../../ui/format';
import { QueryGate } from '../../../ui/QueryGate';
import { ToastType, toast } from '../../../ui/toast';
import { useParsedForm } from '../../../ui/useParsedForm';
import { paymentSettingsKeys, useUpdatePaymentSettingsMutation } from './payment-settings.queries';
import { parseSecondApprover, secondApproverValues } from './second-approver.form';

/**
 * The amount above which a basket needs two different people to sign it. Payments in other currencies
 * always need two, as the server has no exchange rate to compare them with.
 */
export function SecondApproverCard({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const settings = useQuery(paymentSettingsKeys.settings(companyId));
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="second-approver-card">
      <Stack gap="sm">
        <Title order={2} fz="h4">
          {t('signing.secondApprover.title')}
        </Title>
        <QueryGate query={settings} errorTitle={t('signing.secondApprover.loadFailed')}>
          {(data) =>
            data.CanManage ? (
              <SecondApproverForm key={data.SecondApproverAboveOre ?? 'none'} settings={data} />
            ) : (
              <Stack gap={4}>
                <Text size="sm" data-testid="second-approver-limit">
                  {data.SecondApproverAboveOre === null
                    ? t('signing.secondApprover.none')
                    : t('signing.secondApprover.above', {
                        amount: formatMoney(data.SecondApproverAboveOre, 'NOK'),
                      })}
                </Text>
                <Text size="sm" c="dimmed">
                  {t('signing.secondApprover.readOnly')}
                </Text>
              </Stack>
            )
          }
        </QueryGate>
      </Stack>
    </Card>
  );
}

function SecondApproverForm({ settings }: { settings: PaymentSettings }) {
  const { t } = useTranslation();
  const update = useUpdatePaymentSettingsMutation(settings.CompanyId);
  const form = useParsedForm(secondApproverValues(settings.SecondApproverAboveOre), parseSecondApprover);

  const onSubmit = form.submit((parsed) => {
    update.mutate(parsed.secondApproverAboveOre, {
      onSuccess: () => toast(ToastType.success, t('signing.secondApprover.saved')),
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('signing.secondApprover.text')}
        </Text>
        <Group align="flex-start" gap="sm">
          <TextInput
            label={t('signing.secondApprover.amount')}
            description={t('signing.secondApprover.amountHint')}
            placeholder="50 000"
            inputMode="decimal"
            rightSection={
              <Text size="xs" c="dimmed">
                NOK
              </Text>
            }
            rightSectionWidth={48}
            value={form.values.amount}
            onChange={(event) =>
              form.setValue('amount', filterPositiveAmountInput(event.currentTarget.value))
            }
            onBlur={() => form.checkField('amount')}
            error={form.errorText('amount')}
            w={260}
            data-testid="second-approver-amount"
          />
          <Button type="submit" mt={46} loading={update.isPending} data-testid="save-second-approver">
            {t('signing.secondApprover.save')}
          </Button>
        </Group>
        {update.isError && (
          <Text c="red.8" size="sm" role="alert">
            {errorMessage(update.error, t('errors.unexpected'))}
          </Text>
        )}
      </Stack>
    </form>
  );
}
