import { Select, Stack, Switch, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFooter } from '../../../ui/FormFooter';
import { QueryGate } from '../../../ui/QueryGate';
import { useAddPaymentUserMutation } from './payment-user.mutations';
import { paymentUserKeys } from './payment-user.queries';

type AddPaymentUserFormProps = { companyId: number; onDone: () => void };

/** Picks a member of the company who is not a payment user yet. */
export function AddPaymentUserForm({ companyId, onDone }: AddPaymentUserFormProps) {
  const { t } = useTranslation();
  const candidates = useQuery(paymentUserKeys.assignable(companyId));
  const addUser = useAddPaymentUserMutation(companyId);
  const [userId, setUserId] = useState<string | null>(null);
  const [isAllowPayments, setIsAllowPayments] = useState(true);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (userId === null) return;
    addUser.mutate({ userId: Number(userId), isAllowPayments }, { onSuccess: onDone });
  }

  return (
    <QueryGate query={candidates} errorTitle={t('paymentUsers.candidatesFailed')}>
      {(people) =>
        people.length === 0 ? (
          <Text size="sm" data-testid="no-candidates">
            {t('paymentUsers.noCandidates')}
          </Text>
        ) : (
          <form onSubmit={onSubmit} aria-label={t('paymentUsers.addTitle')}>
            <Stack gap="md">
              <Select
                label={t('paymentUsers.person')}
                placeholder={t('paymentUsers.personPlaceholder')}
                data={people.map((person) => ({
                  value: String(person.UserId),
                  label: `${person.FullName} (${person.Email})`,
                }))}
                value={userId}
                onChange={setUserId}
                searchable
                required
                data-autofocus
                data-testid="payment-user-person"
              />
              <Switch
                label={t('paymentUsers.allowPayments')}
                description={t('paymentUsers.allowPaymentsHint')}
                checked={isAllowPayments}
                onChange={(event) => setIsAllowPayments(event.currentTarget.checked)}
              />
              <FormFooter
                error={addUser.error}
                cancelLabel={t('paymentUsers.cancel')}
                onCancel={onDone}
                saveLabel={t('paymentUsers.addButton')}
                isSaving={addUser.isPending}
                saveTestId="save-payment-user"
              />
            </Stack>
          </form>
        )
      }
    </QueryGate>
  );
}
