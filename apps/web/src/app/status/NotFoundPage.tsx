import { useTranslation } from 'react-i18next';
import { StatusPage } from './StatusPage';

type NotFoundPageProps = {
  isEmbedded?: boolean;
  homePath?: string;
};

export function NotFoundPage({ isEmbedded = false, homePath = '/' }: NotFoundPageProps) {
  const { t } = useTranslation();
  return (
    <StatusPage
      code={t('status.notFoundCode')}
      title={t('status.notFoundTitle')}
      text={t('status.notFoundText')}
      isEmbedded={isEmbedded}
      homePath={homePath}
    />
  );
}
