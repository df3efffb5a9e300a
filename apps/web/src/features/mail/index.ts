export { CompanyEmailAddress } from './CompanyEmailAddress';
export { MailReviewActions, type MailReviewActionsProps } from './MailReviewActions';
export { mailKeys } from './mail.queries';
