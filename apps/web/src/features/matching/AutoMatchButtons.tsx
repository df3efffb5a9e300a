import { Button } from '@mantine/core';
import { IconBolt, IconBrain } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useAutoMatchMutation } from './matching.mutations';

/**
 * Runs matching on the company's transactions that lack a voucher: by its rules and the suggestion
 * scores, or first learning from the connections people have made before.
 */
export function AutoMatchButtons({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const autoMatch = useAutoMatchMutation(companyId);
  const runningKind = autoMatch.isPending ? autoMatch.variables : undefined;
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconBrain size={18} aria-hidden />}
        loading={runningKind === 'learned'}
        disabled={autoMatch.isPending}
        onClick={() => autoMatch.mutate('learned')}
        data-testid="auto-match-learned"
      >
        {t('matching.auto.learned')}
      </Button>
      <Button
        leftSection={<IconBolt size={18} aria-hidden />}
        loading={runningKind === 'rules'}
        disabled={autoMatch.isPending}
        onClick={() => autoMatch.mutate('rules')}
        data-testid="auto-match"
      >
        {t('matching.auto.run')}
      </Button>
    </>
  );
}
