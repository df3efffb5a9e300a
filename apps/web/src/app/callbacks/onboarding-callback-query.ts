/** What /onboarding/callback reads from its address: the company the provider sent the person back for. */
export type OnboardingCallbackQuery = { companyId: number };

/** The company id as a whole number above zero, or undefined: the page then answers 404. */
export function readOnboardingCallbackQuery(query: URLSearchParams): OnboardingCallbackQuery | undefined {
  const text = query.get('companyId')?.trim() ?? '';
  if (!/^\d{1,15}$/.test(text)) return undefined;
  const companyId = Number(text);
  return companyId > 0 ? { companyId } : undefined;
}
