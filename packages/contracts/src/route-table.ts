import * as auth from './auth';
import * as banks from './banks';
import * as companies from './companies';
import * as companyServices from './company-services';
import * as companyUsers from './company-users';
import * as consents from './consents';
import * as ehf from './ehf';
import * as imports from './imports';
import * as inbox from './inbox';
import * as mail from './mail';
import * as matching from './matching';
import * as paymentPackages from './payment-packages';
import * as payments from './payments';
import * as periods from './periods';
import * as platform from './platform';
import * as reminders from './reminders';
import { collectRoutes } from './route';
import * as signing from './signing';
import * as statistics from './statistics';
import * as tasks from './tasks';
import * as transactions from './transactions';
import * as tutorials from './tutorials';
import * as vouchers from './vouchers';

/** Every call of the API, keyed by its name: what the server registers and the scoping test walks. */
export const routeTable = collectRoutes(
  auth,
  banks,
  companies,
  companyServices,
  companyUsers,
  consents,
  ehf,
  imports,
  inbox,
  mail,
  matching,
  paymentPackages,
  payments,
  periods,
  platform,
  reminders,
  signing,
  statistics,
  tasks,
  transactions,
  tutorials,
  vouchers,
);
