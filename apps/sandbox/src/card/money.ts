import { formatAmount, ore } from '@bilag/domain';
import type { Language } from '../platform/pages';
import type { IntentCurrency } from './payment-intents';

/** "kr 1 490,00" in Norwegian, "NOK 1,490.00" in English. */
export function formatMoney(amount: number, currency: IntentCurrency, language: Language): string {
  const norwegian = formatAmount(ore(amount));
  if (language === 'no') return `${currency === 'nok' ? 'kr' : 'EUR'} ${norwegian}`;
  const [whole = '', fraction = ''] = norwegian.split(',');
  return `${currency.toUpperCase()} ${whole.replaceAll(' ', ',')}.${fraction}`;
}
