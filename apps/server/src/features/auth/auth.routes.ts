import {
  changeLanguage,
  checkLogin,
  login,
  logout,
  refreshToken,
  roleActions,
  userByToken,
  userByTokenInBody,
} from '@bilag/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { translate } from '../../platform/messages';
import { registerRoute, withMessage } from '../../platform/route';
import * as auth from './auth.service';
import { listRoleActions } from './role-action.service';

type Options = { db: Db; settings: auth.AuthSettings };

export async function authRoutes(app: FastifyInstance, { db, settings }: Options) {
  registerRoute(
    app,
    login,
    ({ body }, { request }) => auth.login(db, settings, { ...body, ipAddress: request.ip }),
    {
      config: { rateLimit: { max: settings.loginRequestsPerMinutePerIp, timeWindow: '1 minute' } },
    },
  );
  registerRoute(app, checkLogin, (_input, { principal }) => auth.getSessionUser(db, principal.userId));
  registerRoute(app, logout, async (_input, { principal, request }) => {
    await auth.logout(db, principal.sessionId);
    return withMessage(null, translate(request.language, 'signedOut'));
  });
  registerRoute(app, userByToken, ({ params }) => auth.getUserByAccessToken(db, settings, params.token));
  registerRoute(app, userByTokenInBody, ({ body }) => auth.getUserByAccessToken(db, settings, body.token));
  registerRoute(app, changeLanguage, async ({ body }, { principal }) => {
    const result = await auth.changeLanguage(db, principal.userId, body.language);
    return withMessage(result, translate(result.language, 'languageChanged'));
  });
  registerRoute(app, refreshToken, ({ body }) => auth.refresh(db, settings, body.refreshToken), {
    config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
  });
  registerRoute(app, roleActions, ({ params }, { principal }) =>
    listRoleActions(principal.roleId, params.product),
  );
}
