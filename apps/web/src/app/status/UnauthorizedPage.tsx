import { useTranslation } from 'react-i18next';
import { StatusPage } from './StatusPage';

export function UnauthorizedPage() {
  const { t } = useTranslation();
  return (
    <StatusPage
      code={t('status.unauthorizedCode')}
      title={t('status.unauthorizedTitle')}
      text={t('status.unauthorizedText')}
    />
  );
}
