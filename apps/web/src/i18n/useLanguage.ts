import { isLanguage, type Language } from '@bilag/contracts';
import { useTranslation } from 'react-i18next';

export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
}
