import {
  addCompanyPaymentPackage,
  buyRemittance,
  type CompanyPaymentPackages,
  createPaymentForRgbPackages,
  createPaymentIntent,
  type PackageCheckout,
  type PackagePurchase,
  type PaymentPackageKind,
  updateCompanyPaymentPackage,
} from '@bilag/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api/apiClient';
import { useIdempotencyKeys } from '../../app/api/useIdempotencyKeys';
import { paymentPackageKeys } from './payment-package.queries';

/** Each kind of package is bought through the call the catalogue names for it. */
const BUY_CALL: Record<
  PaymentPackageKind,
  typeof addCompanyPaymentPackage | typeof buyRemittance | typeof createPaymentForRgbPackages
> = {
  payments: addCompanyPaymentPackage,
  remittance: buyRemittance,
  integration: createPaymentForRgbPackages,
};

/** The person goes on to the card provider's checkout; a purchase with nothing left to pay stays here. */
function goToCheckout(checkout: PackageCheckout) {
  if (checkout.checkoutUrl) window.location.assign(checkout.checkoutUrl);
}

function usePurchaseChange(companyId: number) {
  const queryClient = useQueryClient();
  return (purchase: PackagePurchase) => {
    queryClient.setQueryData(
      paymentPackageKeys.purchases(companyId).queryKey,
      (current: CompanyPaymentPackages | undefined) =>
        current && {
          ...current,
          purchases: current.purchases.some((item) => item.id === purchase.id)
            ? current.purchases.map((item) => (item.id === purchase.id ? purchase : item))
            : [purchase, ...current.purchases],
        },
    );
    void queryClient.invalidateQueries({ queryKey: paymentPackageKeys.company(companyId) });
  };
}

/**
 * Buys a package and sends the person to the checkout. The key stays with the package until the
 * purchase is made, so a second click or a retry after a lost answer is the same purchase.
 */
export function useBuyPackageMutation(companyId: number) {
  const keys = useIdempotencyKeys();
  const onChange = usePurchaseChange(companyId);
  return useMutation({
    mutationFn: async (item: { id: number; kind: PaymentPackageKind }) => {
      const body = { companyId, packageId: item.id };
      return (await api.call(BUY_CALL[item.kind], { body, idempotencyKey: keys.keyFor(body) })).data;
    },
    onSuccess: (checkout, item) => {
      keys.release({ companyId, packageId: item.id });
      onChange(checkout.purchase);
      goToCheckout(checkout);
    },
  });
}

/** Pays a purchase not paid yet (after a refused card or a checkout left) at the provider's checkout. */
export function usePayPurchaseMutation(companyId: number) {
  const keys = useIdempotencyKeys();
  const onChange = usePurchaseChange(companyId);
  return useMutation({
    mutationFn: async (purchaseId: number) => {
      const body = { companyId, purchaseId };
      return (await api.call(createPaymentIntent, { body, idempotencyKey: keys.keyFor(body) })).data;
    },
    onSuccess: (checkout, purchaseId) => {
      keys.release({ companyId, purchaseId });
      onChange(checkout.purchase);
      goToCheckout(checkout);
    },
  });
}

/** Asks the server what became of the card payment, which asks the provider (the return page). */
export function useRefreshPurchaseMutation(companyId: number) {
  const onChange = usePurchaseChange(companyId);
  return useMutation({
    mutationFn: async (purchaseId: number) =>
      (await api.call(updateCompanyPaymentPackage, { params: { id: purchaseId }, body: { companyId } })).data,
    onSuccess: onChange,
  });
}
