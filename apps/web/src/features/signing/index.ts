export { AccountAuthorisationList } from './AccountAuthorisationList';
export { SigningWaitingAlert } from './SigningWaitingAlert';
export {
  closeSigningWindow,
  hasSigningOpener,
  isFinalSigningEvent,
  type SigningEvent,
  tellOpener,
} from './signing-messages';
export { clearSigningRequest, readSigningRequest } from './signing-request.storage';
export { useSigningWindow } from './useSigningWindow';
