import {
  ChangeLanguageReply,
  ChangeLanguageRequest,
  CheckLoginReply,
  Endpoint,
  ErrorReply,
  LoginReply,
  LoginRequest,
  LogoutReply,
  LogoutRequest,
  RefreshTokenReply,
  RefreshTokenRequest,
  RoleActionsParams,
  RoleActionsReply,
  UserByTokenParams,
  UserByTokenReply,
} from '@bilag/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { requirePrincipal } from '../../platform/auth';
import { Errors } from '../../platform/errors';
import { translate } from '../../platform/messages';
import { ok } from '../../platform/reply';
import * as auth from './auth.service';
import { PRODUCTS, roleActions } from './role-actions';

type Options = { db: Db; settings: auth.AuthSettings };

const tags = ['account'];
const errors = { 400: ErrorReply, 401: ErrorReply, 429: ErrorReply };

export const authRoutes: FastifyPluginAsyncZod<Options> = async (app, { db, settings }) => {
  app.post(
    Endpoint.login,
    {
      config: {
        isPublic: true,
        rateLimit: { max: settings.loginRequestsPerMinutePerIp, timeWindow: '1 minute' },
      },
      schema: { tags, summary: 'Sign in', body: LoginRequest, response: { 200: LoginReply, ...errors } },
    },
    async (request) => ok(await auth.login(db, settings, { ...request.body, ipAddress: request.ip })),
  );

  app.get(
    Endpoint.checkLogin,
    { schema: { tags, summary: 'The signed-in user', response: { 200: CheckLoginReply, ...errors } } },
    async (request) => ok(await auth.getSessionUser(db, requirePrincipal(request).userId)),
  );

  app.post(
    Endpoint.logout,
    {
      schema: {
        tags,
        summary: 'Sign out and end the session',
        body: LogoutRequest,
        response: { 200: LogoutReply, ...errors },
      },
    },
    async (request) => {
      await auth.logout(db, requirePrincipal(request).sessionId);
      return ok(null, translate(request.language, 'signedOut'));
    },
  );

  app.get(
    Endpoint.userByToken,
    {
      config: { isPublic: true },
      schema: {
        tags,
        summary: 'The user an access token belongs to',
        params: UserByTokenParams,
        response: { 200: UserByTokenReply, ...errors },
      },
    },
    async (request) => ok(await auth.userByAccessToken(db, settings, request.params.token)),
  );

  app.post(
    Endpoint.changeLanguage,
    {
      schema: {
        tags,
        summary: 'Change the language of the signed-in user',
        body: ChangeLanguageRequest,
        response: { 200: ChangeLanguageReply, ...errors },
      },
    },
    async (request) => {
      const result = await auth.changeLanguage(db, requirePrincipal(request).userId, request.body.language);
      return ok(result, translate(result.language, 'languageChanged'));
    },
  );

  app.post(
    Endpoint.refreshToken,
    {
      config: { isPublic: true, rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Exchange a refresh token for a new access token',
        body: RefreshTokenRequest,
        response: { 200: RefreshTokenReply, ...errors },
      },
    },
    async (request) => ok(await auth.refresh(db, settings, request.body.refreshToken)),
  );

  app.get(
    Endpoint.roleActions,
    {
      schema: {
        tags,
        summary: 'The actions the role of the signed-in user may take',
        params: RoleActionsParams,
        response: { 200: RoleActionsReply, ...errors, 404: ErrorReply },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const product = request.params.product;
      if (!(PRODUCTS as readonly string[]).includes(product)) throw Errors.notFound('unknownProduct');
      return ok({ RoleId: principal.roleId, product, actions: roleActions(principal.roleId) });
    },
  );
};
