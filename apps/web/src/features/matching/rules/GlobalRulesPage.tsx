import { RulesPage } from './RulesPage';

export default function GlobalRulesPage() {
  return <RulesPage scope="global" />;
}
