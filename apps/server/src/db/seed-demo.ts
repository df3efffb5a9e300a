import { RoleId } from '@bilag/contracts';
import { todayIsoDate } from '@bilag/domain';
import { count } from 'drizzle-orm';
import { createUser, hashPassword } from '../features/auth';
import { addCompanyUser, createCompany } from '../features/companies';
import { autoMatch } from '../features/matching';
import type { Db } from './client';
import { users } from './schema';
import { seedDemoBooks } from './seed-demo-books';
import { seedDemoPackages } from './seed-demo-packages';
import { seedDemoPayments } from './seed-demo-payments';
import { seedDemoTasks } from './seed-demo-tasks';

export const DEMO_PASSWORD = 'demo1234';

export const DEMO_LOGINS = [
  { email: 'regnskap@demo.no', description: 'accountant at a bureau, sees several companies' },
  { email: 'ansatt@demo.no', description: 'company staff (CEO) of one company' },
  { email: 'admin@demo.no', description: 'administrator' },
] as const;

/** Companies with valid Norwegian organisation numbers (mod 11). */
const demoCompanies = [
  { name: 'Nordlys Bakeri AS', alias: 'nordlys-bakeri', organisationNumber: '923456783' },
  { name: 'Fjelltopp Bygg AS', alias: 'fjelltopp-bygg', organisationNumber: '934567897' },
  { name: 'Havblikk Fiskeri AS', alias: 'havblikk-fiskeri', organisationNumber: '812345672' },
] as const;

/**
 * Fills an empty database with people and companies to try the product with; does nothing otherwise.
 * The bakery's books end on the day they are seeded, so a newcomer's lists open on them, and its payment
 * list holds bills to approve.
 */
export async function seedDemoData(db: Db): Promise<boolean> {
  const [existing] = await db.select({ users: count() }).from(users);
  if ((existing?.users ?? 0) > 0) return false;

  await db.transaction(async (tx) => {
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    const accountant = await createUser(tx, {
      email: 'regnskap@demo.no',
      fullName: 'Kari Regnskap',
      passwordHash,
      roleId: RoleId.ACCOUNTANT,
      language: 'no',
    });
    const staff = await createUser(tx, {
      email: 'ansatt@demo.no',
      fullName: 'Ola Ansatt',
      passwordHash,
      roleId: RoleId.CEO,
    });
    const admin = await createUser(tx, {
      email: 'admin@demo.no',
      fullName: 'Anne Admin',
      passwordHash,
      roleId: RoleId.ADMIN,
    });

    const created = [];
    for (const company of demoCompanies)
      created.push(await createCompany(tx, { ...company, responsibleAccountantUserId: accountant.id }));
    const bureau = await createCompany(tx, {
      name: 'Regnskapskontoret Demo AS',
      alias: 'regnskapskontoret',
      organisationNumber: '998877660',
      ownerUserId: accountant.id,
    });
    for (const company of created) {
      await addCompanyUser(tx, company.id, accountant.id);
      await addCompanyUser(tx, company.id, admin.id);
    }
    await addCompanyUser(tx, bureau.id, admin.id);
    const [bakery] = created;
    if (bakery) {
      await addCompanyUser(tx, bakery.id, staff.id);
      const today = todayIsoDate('Europe/Oslo');
      await seedDemoBooks(tx, bakery.id, accountant.id, today);
      await autoMatch(tx, bakery.id, accountant.id);
      await seedDemoPayments(tx, bakery.id, { accountantId: accountant.id, ceoId: staff.id }, today);
      await seedDemoTasks(tx, bakery.id, { accountantId: accountant.id, ceoId: staff.id }, today);
      await seedDemoPackages(tx, bakery.id, staff.id, today);
    }
  });
  return true;
}
