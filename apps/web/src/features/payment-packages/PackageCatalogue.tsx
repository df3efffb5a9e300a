import type { PaymentPackage } from '@bilag/contracts';
import { Badge, Button, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCreditCard } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../i18n/useLanguage';
import { formatMoney } from '../../ui/format';

type PackageCatalogueProps = {
  packages: readonly PaymentPackage[];
  canBuy: boolean;
  /** The package being bought now, whose button waits for the checkout. */
  buyingId: number | null;
  onBuy: (item: PaymentPackage) => void;
};

/** The packages on sale, each with what it gives, its price with VAT, and a button to buy it. */
export function PackageCatalogue({ packages, canBuy, buyingId, onBuy }: PackageCatalogueProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" data-testid="package-catalogue">
      {packages.map((item) => {
        const name = item.names[language];
        return (
          <Card
            key={item.id}
            withBorder
            radius="md"
            padding="md"
            component="article"
            aria-labelledby={`package-${item.id}-name`}
            data-testid={`package-${item.code}`}
          >
            <Stack gap="xs" h="100%">
              <Stack gap={4} align="flex-start">
                <Badge variant="light" color="gray" radius="sm" tt="none">
                  {t(`paymentPackages.kinds.${item.kind}`)}
                </Badge>
                <Title order={3} fz="lg" id={`package-${item.id}-name`}>
                  {name}
                </Title>
              </Stack>
              <Text size="sm">{item.descriptions[language]}</Text>
              <Text size="sm" c="dimmed">
                {t(`paymentPackages.quantity.${item.kind}`, { count: item.quantity })} ·{' '}
                {t('paymentPackages.months', { count: item.months })}
              </Text>
              <Stack gap={0} mt="auto">
                <Text
                  fw={700}
                  fz="xl"
                  style={{ fontVariantNumeric: 'tabular-nums' }}
                  data-testid="package-price"
                >
                  {formatMoney(item.priceOre, item.currency)}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('paymentPackages.priceVat', { vat: formatMoney(item.vatOre, item.currency) })}
                </Text>
              </Stack>
              {canBuy && (
                <Button
                  leftSection={<IconCreditCard size={16} aria-hidden />}
                  aria-label={t('paymentPackages.catalogue.buyNamed', { name })}
                  loading={buyingId === item.id}
                  disabled={buyingId !== null && buyingId !== item.id}
                  onClick={() => onBuy(item)}
                >
                  {t('paymentPackages.catalogue.buy')}
                </Button>
              )}
            </Stack>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
