/**
 * The pages outside parties send a person back to (spec §2): a bank after strong customer authentication,
 * the payment service, the onboarding provider and the signing provider. They are matched exactly and
 * need no sign-in to show, since the person may come back in a window where they are not signed in.
 */
export type CallbackRoute = {
  path: string;
  flow: CallbackFlow;
};

export type CallbackFlow =
  | 'consentSca'
  | 'paymentSca'
  | 'paymentCancel'
  | 'onboarding'
  | 'signNext'
  | 'signCancel';

export const callbackRoutes: readonly CallbackRoute[] = [
  // status or sca, instructionId, and optionally pathname and redirect-url.
  { path: '/consent/sca-callback', flow: 'consentSca' },
  // Every query parameter goes on to the payment's callback; pathname is optional.
  { path: '/ztl-payment/sca-callback', flow: 'paymentSca' },
  // flowId, paymentId, status and alias.
  { path: '/ztl-payment/cancel-callback', flow: 'paymentCancel' },
  // companyId.
  { path: '/onboarding/callback', flow: 'onboarding' },
  // action, bankGroup, basketUUID, companyBankIds, accountNumbers and organisationNumber.
  { path: '/sign-next', flow: 'signNext' },
  // action and basketUUID.
  { path: '/sign-cancel', flow: 'signCancel' },
];
