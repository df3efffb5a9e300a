import { useNavigate, useParams } from 'react-router';
import { useCurrentCompany } from '../../app/company/CurrentCompany';
import { companyPath } from '../../app/company/company-path';
import { NotFoundPage } from '../../app/status/NotFoundPage';
import { CONSENT_PATH, ConsentOverview } from './ConsentOverview';

/**
 * /{company}/setting/ztl-consent/{consentId}/renew (spec §2), where an expiry e-mail leads: the consent
 * page with that consent's renew dialog open; closing it leaves the person on the consent page.
 */
export default function ConsentRenewPage() {
  const company = useCurrentCompany();
  const navigate = useNavigate();
  const consentId = Number(useParams().consentId);
  if (!Number.isSafeInteger(consentId) || consentId <= 0)
    return <NotFoundPage isEmbedded homePath={companyPath(company)} />;
  return (
    <ConsentOverview
      key={consentId}
      renewConsentId={consentId}
      onRenewClosed={() => navigate(companyPath(company, CONSENT_PATH), { replace: true })}
    />
  );
}
