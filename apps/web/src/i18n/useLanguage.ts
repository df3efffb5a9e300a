import { Language } from '@bilag/contracts';
import { useTranslation } from 'react-i18next';

export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return Language.safeParse(i18n.resolvedLanguage).data ?? 'en';
}
