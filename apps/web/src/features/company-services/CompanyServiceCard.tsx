import type { CompanyService, CompanyServiceKey } from '@bilag/contracts';
import { formatOrganisationNumber } from '@bilag/domain/validators/organisation-number';
import { Anchor, Badge, Button, Card, Group, Stack, Switch, Text, ThemeIcon, Title } from '@mantine/core';
import {
  type Icon,
  IconCash,
  IconFileInvoice,
  IconMailForward,
  IconPlugConnected,
  IconShoppingCart,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../ui/dates';

const serviceIcon: Record<CompanyServiceKey, Icon> = {
  payments: IconCash,
  ehf: IconFileInvoice,
  email: IconMailForward,
  'bank-sync': IconPlugConnected,
};

type CompanyServiceCardProps = {
  service: CompanyService;
  /** The person may turn services on and off and buy them (services.edit). */
  canChange: boolean;
  /** Where the EHF registration is changed, for those who may open that page. */
  ehfPagePath: string | null;
  isChanging: boolean;
  onSwitch: (isOn: boolean) => void;
  onBuy: () => void;
};

/** A dot badge keeps its text dark, for AA contrast; the words say the state without colour. */
function StatusBadge({ isOn }: { isOn: boolean | null }) {
  const { t } = useTranslation();
  if (isOn === null)
    return (
      <Badge color="yellow" variant="dot" tt="none" size="lg" data-testid="service-status">
        {t('companyServices.status.unknown')}
      </Badge>
    );
  return (
    <Badge color={isOn ? 'green' : 'gray'} variant="dot" tt="none" size="lg" data-testid="service-status">
      {isOn ? t('companyServices.status.on') : t('companyServices.status.off')}
    </Badge>
  );
}

/** One service: whether it is on, since when and by whom, and what the person may do with it. */
export function CompanyServiceCard({
  service,
  canChange,
  ehfPagePath,
  isChanging,
  onSwitch,
  onBuy,
}: CompanyServiceCardProps) {
  const { t } = useTranslation();
  const ServiceIcon = serviceIcon[service.service];
  const name = t(`companyServices.services.${service.service}.name`);
  const headingId = `service-${service.service}-heading`;
  const since = service.since ? formatDate(service.since) : null;
  const history = service.isDefault
    ? since && t('companyServices.sinceStart', { date: since })
    : since &&
      t(service.isOn ? 'companyServices.onSince' : 'companyServices.offSince', {
        date: since,
        name: service.changedByName ?? t('companyServices.someone'),
      });
  const canBuy = service.control === 'sold' && service.isOn === false;

  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      component="section"
      aria-labelledby={headingId}
      data-testid={`service-${service.service}`}
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon variant="light" size={40} radius="md" color={service.isOn ? 'brand' : 'gray'}>
              <ServiceIcon size={22} stroke={1.7} aria-hidden />
            </ThemeIcon>
            <Title order={2} fz="lg" id={headingId}>
              {name}
            </Title>
          </Group>
          <StatusBadge isOn={service.isOn} />
        </Group>
        <Text size="sm">{t(`companyServices.services.${service.service}.text`)}</Text>
        {service.receivingAddress && (
          <Text size="sm" c="dimmed">
            {service.service === 'ehf'
              ? t('companyServices.organisationNumber', {
                  number: formatOrganisationNumber(service.receivingAddress),
                })
              : t('companyServices.address', { address: service.receivingAddress })}
          </Text>
        )}
        {history && (
          <Text size="sm" c="dimmed" data-testid="service-history">
            {history}
          </Text>
        )}
        {service.boughtAt && (
          <Text size="sm" c="dimmed">
            {t('companyServices.boughtOn', {
              date: formatDate(service.boughtAt),
              name: service.boughtByName ?? t('companyServices.someone'),
            })}
          </Text>
        )}
        <Group mt="auto" pt="xs" justify="space-between">
          {service.control === 'access-point' ? (
            <Text size="sm" c="dimmed">
              {t('companyServices.atAccessPoint')}{' '}
              {ehfPagePath && (
                <Anchor component={Link} to={ehfPagePath} size="sm" underline="always">
                  {t('companyServices.openEhfPage')}
                </Anchor>
              )}
            </Text>
          ) : canBuy ? (
            canChange ? (
              <Button
                leftSection={<IconShoppingCart size={16} aria-hidden />}
                onClick={onBuy}
                loading={isChanging}
                data-testid="service-buy"
              >
                {t('companyServices.buy')}
              </Button>
            ) : (
              <Text size="sm" c="dimmed">
                {t('companyServices.buyNotAllowed')}
              </Text>
            )
          ) : (
            <Switch
              size="md"
              checked={service.isOn === true}
              onChange={(event) => onSwitch(event.currentTarget.checked)}
              disabled={!canChange || isChanging}
              label={t('companyServices.switchLabel', { name })}
              description={canChange ? undefined : t('companyServices.changeNotAllowed')}
              data-testid="service-switch"
            />
          )}
        </Group>
      </Stack>
    </Card>
  );
}
