import type { Basket } from '@bilag/contracts';
import { Button, Center, Group, Paper, Stack, Text } from '@mantine/core';
import { IconBuildingBank, IconFingerprint } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../app/api/errors';
import { useSession } from '../../../app/session/session.store';
import { AppModal } from '../../../ui/AppModal';
import { LoadingSpinner } from '../../../ui/LoadingSpinner';
import { ToastType, toast } from '../../../ui/toast';
import { isFinalSigningEvent, type SigningEvent, SigningWaitingAlert, useSigningWindow } from '../../signing';
import { BasketSummary } from './BasketSummary';
import { basketStep, canCancelBasket } from './basket.format';
import {
  useCancelBasketMutation,
  usePayBasketMutation,
  useRefreshBaskets,
  useSaveBasketMutation,
} from './basket.mutations';
import { basketKeys } from './basket.queries';

/** A basket to make of chosen payments, or one being signed already (a second person signs it). */
export type BasketTarget = { kind: 'new'; paymentIds: number[] } | { kind: 'existing'; basketUUID: string };

type BasketModalProps = {
  companyId: number;
  target: BasketTarget | undefined;
  onClose: () => void;
};

/** Payments of one account signed with BankID and sent to its bank as one payment. */
export function BasketModal({ companyId, target, onClose }: BasketModalProps) {
  const { t } = useTranslation();
  return (
    <AppModal
      opened={target !== undefined}
      onClose={onClose}
      title={t('signing.basket.title')}
      size={640}
      fullScreenBelow="36em"
    >
      {target && (
        <BasketDialog key={JSON.stringify(target)} companyId={companyId} target={target} onClose={onClose} />
      )}
    </AppModal>
  );
}

function FailureLine({ error, fallback }: { error: unknown; fallback: string }) {
  return (
    <Text c="red.8" size="sm" role="alert" data-testid="basket-error">
      {errorMessage(error, fallback)}
    </Text>
  );
}

function BasketDialog({
  companyId,
  target,
  onClose,
}: {
  companyId: number;
  target: BasketTarget;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveBasketMutation(companyId);
  const { mutate: saveBasket } = save;
  // Once per dialog: a development double render must not make a second basket.
  const hasAskedToSave = useRef(false);
  useEffect(() => {
    if (target.kind !== 'new' || hasAskedToSave.current) return;
    hasAskedToSave.current = true;
    saveBasket(target.paymentIds);
  }, [target, saveBasket]);

  const basketUUID = target.kind === 'existing' ? target.basketUUID : save.data?.currentBasketUUID;
  const basket = useQuery({ ...basketKeys.basket(basketUUID ?? ''), enabled: basketUUID !== undefined });

  if (target.kind === 'new' && save.isError) {
    return (
      <Stack gap="md" data-testid="basket-modal">
        <FailureLine error={save.error} fallback={t('errors.unexpected')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.close')}
          </Button>
          <Button onClick={() => saveBasket(target.paymentIds)} loading={save.isPending}>
            {t('common.retry')}
          </Button>
        </Group>
      </Stack>
    );
  }
  if (basket.isError) {
    return (
      <Stack gap="md" data-testid="basket-modal">
        <FailureLine error={basket.error} fallback={t('errors.unexpected')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.close')}
          </Button>
        </Group>
      </Stack>
    );
  }
  if (!basket.data) {
    return (
      <Center py="xl" data-testid="basket-modal">
        <LoadingSpinner size="sm" label={target.kind === 'new' ? t('signing.basket.saving') : undefined} />
      </Center>
    );
  }
  return (
    <BasketView
      companyId={companyId}
      basket={basket.data.basket}
      payments={basket.data.data}
      onClose={onClose}
      onChanged={() => void basket.refetch()}
    />
  );
}

type BasketViewProps = {
  companyId: number;
  basket: Basket;
  payments: Parameters<typeof BasketSummary>[0]['payments'];
  onClose: () => void;
  onChanged: () => void;
};

function BasketView({ companyId, basket, payments, onClose, onChanged }: BasketViewProps) {
  const { t } = useTranslation();
  const userId = useSession()?.User.Id;
  const refresh = useRefreshBaskets();
  const pay = usePayBasketMutation();
  const cancel = useCancelBasketMutation();
  const [isConfirmingCancel, setIsConfirmingCancel] = useState(false);

  function onSigningEvent(event: SigningEvent) {
    refresh(companyId);
    if (isFinalSigningEvent(event)) onClose();
    else onChanged();
  }
  const signing = useSigningWindow(onSigningEvent);
  const step = basketStep(basket, userId);
  const basketUUID = basket.currentBasketUUID;

  function onSign() {
    signing.start.mutate({ companyId, basketUUID });
  }

  function onPay() {
    pay.mutate(basketUUID, { onSuccess: (started) => signing.openWindow(started.scaRedirectUrl) });
  }

  function onConfirmCancel() {
    cancel.mutate(basketUUID, {
      onSuccess: () => {
        toast(ToastType.success, t('signing.basket.cancelled'));
        onClose();
      },
    });
  }

  return (
    <Stack gap="md" data-testid="basket-modal">
      <BasketSummary basket={basket} payments={payments} />

      {basket.Message && (
        <Text size="sm" c={step === 'ended' ? 'red.8' : undefined} data-testid="basket-message">
          {basket.Message}
        </Text>
      )}

      {signing.isWaiting ? (
        <SigningWaitingAlert onShowWindow={signing.focusWindow} />
      ) : (
        <Text size="sm" c={step === 'accepted' ? 'green.9' : 'dimmed'} data-testid="basket-step">
          {t(`signing.basket.step.${step}`)}
        </Text>
      )}

      {signing.start.isError && (
        <FailureLine error={signing.start.error} fallback={t('errors.failedToFetch')} />
      )}
      {pay.isError && <FailureLine error={pay.error} fallback={t('errors.unexpected')} />}
      {cancel.isError && <FailureLine error={cancel.error} fallback={t('errors.unexpected')} />}

      {isConfirmingCancel ? (
        <Paper withBorder radius="md" p="md" bg="red.0">
          <Stack gap="sm">
            <Text size="sm" fw={600}>
              {t('signing.basket.cancelTitle')}
            </Text>
            <Text size="sm">{t('signing.basket.cancelText', { count: basket.PaymentsCount })}</Text>
            <Group justify="flex-end" gap="sm">
              <Button
                variant="default"
                onClick={() => setIsConfirmingCancel(false)}
                disabled={cancel.isPending}
              >
                {t('signing.basket.keep')}
              </Button>
              <Button color="red" onClick={onConfirmCancel} loading={cancel.isPending} data-autofocus>
                {t('signing.basket.cancelConfirm')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      ) : (
        <Group justify="space-between" gap="sm">
          {canCancelBasket(basket) ? (
            <Button variant="subtle" color="red" onClick={() => setIsConfirmingCancel(true)}>
              {t('signing.basket.cancel')}
            </Button>
          ) : (
            <span />
          )}
          <Group gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('common.close')}
            </Button>
            {step === 'sign' && (
              <Button
                leftSection={<IconFingerprint size={18} aria-hidden />}
                onClick={onSign}
                loading={signing.start.isPending}
                disabled={signing.isWaiting}
              >
                {t('signing.basket.sign')}
              </Button>
            )}
            {(step === 'pay' || step === 'atBank') && (
              <Button
                leftSection={<IconBuildingBank size={18} aria-hidden />}
                onClick={onPay}
                loading={pay.isPending}
                disabled={signing.isWaiting}
              >
                {t(step === 'pay' ? 'signing.basket.pay' : 'signing.basket.continueAtBank')}
              </Button>
            )}
          </Group>
        </Group>
      )}
    </Stack>
  );
}
