import {
  actionsOfRole,
  ErrorCode,
  isAdminRole,
  type LoginData,
  ROLE_ACTIONS,
  RoleId,
  type Route,
  roleMay,
  routeTable,
} from '@bilag/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, givenCompany, givenTenancy, givenUser, login } from './fixtures';
import { givenRecordsOfEveryKind } from './record-fixtures';
import { exampleRequest, injectExample, type RecordIds } from './route-examples';
import { givenSandbox, type RunningSandbox } from './sandbox';
import { createTestApp } from './test-app';

/** Logging out ends the session the other calls are made with, so it comes last. */
const protectedRoutes = Object.entries(routeTable)
  .filter(([, route]) => route.access !== 'public')
  .sort(([first], [second]) => Number(first === 'logout') - Number(second === 'logout'));
const roles = Object.entries(RoleId);

/** The code of a refusal, in the envelope or, for the catalogue's v2 calls, in their list of errors. */
function refusalCode(route: Route, body: string): string | undefined {
  const reply = JSON.parse(body);
  return route.replyShape === 'v2' ? reply.errors?.[0]?.code : reply.code;
}

/**
 * Every role against every call that needs a signed-in person: a role without the call's action is
 * refused before anything runs; a role with it gets past the role check to the call itself (which
 * may still refuse, for example a record of a company the caller is not in).
 */
describe('the role matrix, proven from the route table for every role', () => {
  let context: Awaited<ReturnType<typeof createTestApp>>;
  let sandbox: RunningSandbox;
  let otherCompanyRecords: RecordIds;
  const sessions = new Map<number, LoginData>();
  let ownCompanyId: number;

  beforeAll(async () => {
    sandbox = await givenSandbox();
    context = await createTestApp({ providers: sandbox.providers });
    const tenancy = await givenTenancy(context);
    otherCompanyRecords = await givenRecordsOfEveryKind(context, tenancy, 'Rolle');
    const people = await Promise.all(roles.map(([, roleId]) => givenUser(context.db, { roleId })));
    ownCompanyId = (await givenCompany(context.db, { memberIds: people.map((person) => person.id) })).id;
    for (const person of people) sessions.set(person.roleId, await login(context.app, person.email));
  });
  afterAll(async () => {
    await context.close();
    await sandbox.close();
  });

  async function callAs(roleId: number, route: Route) {
    const session = sessions.get(roleId);
    if (!session) throw new Error(`no session for role ${roleId}`);
    const request = exampleRequest(route, {
      ...otherCompanyRecords,
      company: ownCompanyId,
      targetCompany: otherCompanyRecords.company,
    });
    const response = await injectExample(context.app, route, request, bearer(session));
    return { status: response.statusCode, body: response.body };
  }

  it('names only actions of the matrix, and the role actions call answers each role its own', async () => {
    for (const [, route] of protectedRoutes) expect(ROLE_ACTIONS).toContain(route.action);
    for (const [roleName, roleId] of roles) {
      const session = sessions.get(roleId);
      if (!session) throw new Error(`no session for ${roleName}`);
      const reply = await context.app.inject({
        method: 'GET',
        url: '/api/account/action/web',
        headers: bearer(session),
      });
      expect(reply.json().data.actions, roleName).toEqual(actionsOfRole(roleId));
    }
  });

  it.each(roles)(
    '%s is refused every call its role lacks, and let through to every other',
    async (_, roleId) => {
      for (const [name, route] of protectedRoutes) {
        if (route.access === 'public') continue;
        const { status, body } = await callAs(roleId, route);
        const code = status === 403 ? refusalCode(route, body) : undefined;
        if (route.access === 'admin' && !isAdminRole(roleId)) {
          expect(code, `${name}: ${body}`).toBe(ErrorCode.ADMIN_ONLY);
        } else if (!roleMay(roleId, route.action)) {
          expect(code, `${name} needs ${route.action}: ${body}`).toBe(ErrorCode.ROLE_FORBIDS);
        } else {
          expect(code, `${name} with ${route.action}: ${body}`).not.toBe(ErrorCode.ROLE_FORBIDS);
          expect(status, `${name}: ${body}`).toBeLessThan(500);
        }
      }
    },
  );
});
