import { ErrorCode } from '@bilag/contracts';
import { AppError } from '../../platform/errors';
import type { MessageKey } from '../../platform/messages';
import type { EhfDeliveryRefusal } from '../../providers/peppol/interface';

/** The access point reads the status: 401 and 413 as the delivery reader decided, 400 or 422 for the envelope. */
const REFUSALS: Record<EhfDeliveryRefusal['httpStatus'], { code: ErrorCode; key: MessageKey }> = {
  401: { code: ErrorCode.UNAUTHENTICATED, key: 'ehfDeliverySignatureRefused' },
  413: { code: ErrorCode.PAYLOAD_TOO_LARGE, key: 'ehfDeliveryTooLarge' },
  400: { code: ErrorCode.VALIDATION_FAILED, key: 'ehfDeliveryNotEnvelope' },
  422: { code: ErrorCode.PROVIDER_REJECTED, key: 'ehfDeliveryNotAccepted' },
};

export function refusalError(refusal: EhfDeliveryRefusal): AppError {
  const { code, key } = REFUSALS[refusal.httpStatus];
  return new AppError(code, key, { params: { reason: refusal.reason }, data: { reason: refusal.reason } });
}

/** No company of the product receives under the envelope's receiver. */
export function unknownReceiverError(): AppError {
  return new AppError(ErrorCode.NOT_FOUND, 'ehfReceiverUnknown');
}
