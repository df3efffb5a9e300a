import { authorizeCompanyBanks, bankVerifyAccounts, signingStatus, startSigning } from '@bilag/contracts';
import type { FastifyInstance } from 'fastify';
import { appOriginOf } from '../../platform/app-origin';
import { registerRoute } from '../../platform/route';
import * as service from './signing.service';

/** BankID signing: for a basket's approval, or to verify the company's accounts with the bank. */
export async function signingRoutes(app: FastifyInstance, dependencies: service.SigningDependencies) {
  registerRoute(app, startSigning, ({ body }, { principal, request }) =>
    service.startSigning(
      { ...dependencies, publicUrl: appOriginOf(request, dependencies.publicUrl) },
      principal,
      body,
      request.language,
    ),
  );
  registerRoute(app, signingStatus, ({ query }, { principal, request }) =>
    service.signingStatus(dependencies, principal, query, request.language),
  );
  registerRoute(app, authorizeCompanyBanks, ({ body }, { principal, request }) =>
    service.authorizeCompanyBanks(dependencies, principal, body, request.language),
  );
  registerRoute(app, bankVerifyAccounts, ({ params }, { principal }) =>
    service.bankVerifyAccounts(dependencies.db, principal, params.companyId),
  );
}
