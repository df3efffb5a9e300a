import * as auth from './auth';
import * as banks from './banks';
import * as companies from './companies';
import * as consents from './consents';
import * as ehf from './ehf';
import * as imports from './imports';
import * as inbox from './inbox';
import * as mail from './mail';
import * as matching from './matching';
import * as payments from './payments';
import * as periods from './periods';
import * as platform from './platform';
import { collectRoutes } from './route';
import * as signing from './signing';
import * as tasks from './tasks';
import * as transactions from './transactions';
import * as vouchers from './vouchers';

/** Every call of the API, keyed by its name: what the server registers and the scoping test walks. */
export const routeTable = collectRoutes(
  auth,
  banks,
  companies,
  consents,
  ehf,
  imports,
  inbox,
  mail,
  matching,
  payments,
  periods,
  platform,
  signing,
  tasks,
  transactions,
  vouchers,
);
