import { ConsentOverview } from './ConsentOverview';

/** /{company}/consent: the company's bank consents. */
export default function ConsentPage() {
  return <ConsentOverview />;
}
