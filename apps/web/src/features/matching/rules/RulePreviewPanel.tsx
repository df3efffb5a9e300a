import type { RulePreview } from '@bilag/contracts';
import { Badge, Paper, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatCalendarDate } from '../../../ui/format';
import { keyedByText } from '../../../ui/keyed';
import { SignedAmount } from '../../../ui/SignedAmount';
import { keyboardScrollArea } from '../../../ui/scroll';
import { changeText } from './rule.summary';

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** What a draft rule would do to the open transactions, row by row, before it is saved. */
export function RulePreviewPanel({ preview }: { preview: RulePreview }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="sm" data-testid="rule-preview" aria-live="polite">
      <Stack gap="xs">
        <Text size="sm" fw={600} data-testid="rule-preview-summary">
          {t('rules.preview.summary', { count: preview.total, examined: preview.examined })}
        </Text>
        {preview.rows.length > 0 && (
          <Table.ScrollContainer minWidth={560} mah={280} scrollAreaProps={keyboardScrollArea}>
            <Table verticalSpacing={4} fz="sm" stickyHeader aria-label={t('rules.preview.tableLabel')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={96}>{t('bankTransactions.fields.date')}</Table.Th>
                  <Table.Th>{t('bankTransactions.fields.text')}</Table.Th>
                  <Table.Th w={130} ta="right">
                    {t('bankTransactions.fields.amount')}
                  </Table.Th>
                  <Table.Th>{t('rules.preview.wouldDo')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {preview.rows.map((effect) => (
                  <Table.Tr
                    key={effect.Transaction.Id}
                    data-testid={`preview-row-${effect.Transaction.Id}`}
                    opacity={effect.ShadowedBy ? 0.75 : 1}
                  >
                    <Table.Td style={numeric}>{formatCalendarDate(effect.Transaction.Date)}</Table.Td>
                    <Table.Td>
                      <Text size="sm" truncate title={effect.Transaction.Text}>
                        {effect.Transaction.Text}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      <SignedAmount
                        amountOre={effect.Transaction.AmountOre}
                        currency={effect.Transaction.Currency}
                      />
                    </Table.Td>
                    <Table.Td>
                      {effect.ShadowedBy ? (
                        <Badge variant="dot" color="orange" radius="sm" size="sm" tt="none">
                          {t('rules.preview.shadowed', { name: effect.ShadowedBy.Name })}
                        </Badge>
                      ) : (
                        <Stack gap={0}>
                          {keyedByText(effect.Changes, (change) => changeText(change, t)).map(
                            ({ key, text, item }) => (
                              <Text key={key} size="sm" c={item.isSkipped ? 'dimmed' : undefined}>
                                {text}
                              </Text>
                            ),
                          )}
                        </Stack>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
