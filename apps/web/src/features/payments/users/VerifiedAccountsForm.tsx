import type { PaymentUser } from '@bilag/contracts';
import { Checkbox, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFooter } from '../../../ui/FormFooter';
import { QueryGate } from '../../../ui/QueryGate';
import { accountLabel } from '../../banks';
import { useSetVerifiedAccountsMutation } from './payment-user.mutations';
import { paymentUserKeys } from './payment-user.queries';

type VerifiedAccountsFormProps = { companyId: number; paymentUser: PaymentUser; onDone: () => void };

/** The company's accounts as a checklist; the ticked ones are those the person may pay from. */
export function VerifiedAccountsForm({ companyId, paymentUser, onDone }: VerifiedAccountsFormProps) {
  const { t } = useTranslation();
  const accounts = useQuery(paymentUserKeys.verifiedBanks(companyId, paymentUser.UserId));
  const setAccounts = useSetVerifiedAccountsMutation(companyId);
  const [chosen, setChosen] = useState<string[] | null>(null);
  const ticked =
    chosen ?? (accounts.data ?? []).filter((bank) => bank.IsVerified).map((bank) => bank.AccountNumber);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setAccounts.mutate({ paymentUser, accountNumbers: ticked }, { onSuccess: onDone });
  }

  return (
    <QueryGate query={accounts} errorTitle={t('paymentUsers.accountsFailed')}>
      {(banks) =>
        banks.length === 0 ? (
          <Text size="sm">{t('paymentUsers.noAccounts')}</Text>
        ) : (
          <form onSubmit={onSubmit}>
            <Stack gap="md">
              <Checkbox.Group
                label={t('paymentUsers.accountsLabel', { name: paymentUser.FullName })}
                description={t('paymentUsers.accountsHint')}
                value={ticked}
                onChange={setChosen}
              >
                <Stack gap="xs" mt="xs">
                  {banks.map((bank) => (
                    <Checkbox
                      key={bank.CompanyBankId}
                      value={bank.AccountNumber}
                      label={accountLabel(bank)}
                      description={
                        bank.VerifiedBy === 'bank-authorisation'
                          ? t('paymentUsers.verifiedByBank')
                          : undefined
                      }
                    />
                  ))}
                </Stack>
              </Checkbox.Group>
              <FormFooter
                error={setAccounts.error}
                cancelLabel={t('paymentUsers.cancel')}
                onCancel={onDone}
                saveLabel={t('paymentUsers.saveAccounts')}
                isSaving={setAccounts.isPending}
                saveTestId="save-verified-accounts"
              />
            </Stack>
          </form>
        )
      }
    </QueryGate>
  );
}
