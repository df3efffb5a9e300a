import type { ConnectionSource } from '@bilag/contracts';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { connectionSourceColors, connectionSourceKeys } from './matching.format';

/** How a connection was made: automatically, by a rule, by hand. */
export function ConnectionSourceBadge({ source }: { source: ConnectionSource }) {
  const { t } = useTranslation();
  return (
    <Badge variant="dot" color={connectionSourceColors[source]} radius="sm" size="sm" tt="none">
      {t(connectionSourceKeys[source])}
    </Badge>
  );
}
