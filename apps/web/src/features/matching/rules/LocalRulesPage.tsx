import { RulesPage } from './RulesPage';

export default function LocalRulesPage() {
  return <RulesPage scope="local" />;
}
