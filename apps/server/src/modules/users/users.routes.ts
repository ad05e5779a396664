import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { USER_CSV_COLUMNS } from '@laurel/contract/users';
import { z } from 'zod';

import { ZErrorResponse } from '@laurel/contract/errors';
import { ZIdParams } from '@laurel/contract/pagination';
import { API_PATHS } from '@laurel/contract/paths';
import {
  ZProfile,
  ZProfileInsightsDigestBody,
  ZProfileLanguageBody,
  ZRemoveAuthenticatorBody,
  ZUpdateProfileBody,
} from '@laurel/contract/profile';
import { ZUserListQuery, ZUserPage, ZUserPatchBody, ZUserSummary } from '@laurel/contract/users';

import { actorOf } from '../../lib/actor.ts';
import { registerListRoutes } from '../../lib/list-routes.ts';
import { principalOf } from '../../plugins/auth.ts';
import { RATE_LIMITS } from '../../plugins/rate-limit.ts';
import type { AuthenticatorService } from './authenticator.service.ts';
import type { UsersAdminService } from './users-admin.service.ts';
import type { UsersService } from './users.service.ts';

export const usersRoutes: FastifyPluginAsyncZod<{
  users: UsersService;
  usersAdmin: UsersAdminService;
  authenticator: AuthenticatorService;
}> = async (app, { users, usersAdmin, authenticator }) => {
  const tags = ['users'];
  const security = [{ bearer: [] }];
  const errors = { 400: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse };

  app.get(
    API_PATHS.profile,
    {
      schema: {
        tags,
        security,
        summary: 'The signed-in user profile',
        response: { 200: ZProfile },
      },
    },
    async (request) => users.getOwnProfile(principalOf(request)),
  );

  app.patch(
    API_PATHS.loginTime,
    { schema: { tags, security, summary: 'Record a sign-in', response: { 204: z.null() } } },
    async (request, reply) => {
      await users.recordLogin(actorOf(request));
      return reply.status(204).send(null);
    },
  );

  app.post(
    API_PATHS.signOut,
    {
      schema: {
        tags,
        security,
        summary: 'Record that the signed-in person signs out',
        description:
          'Sent by the web app before it signs out at the identity service, so that the sign-out is on the audit trail also with AWS Cognito (the embedded pool records it too; a session has one sign-out entry).',
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await users.recordSignOut(actorOf(request));
      return reply.status(204).send(null);
    },
  );

  app.post(
    API_PATHS.removeAuthenticator,
    {
      config: { rateLimit: RATE_LIMITS.stepUp },
      schema: {
        tags,
        security,
        summary: 'Remove your authenticator app, confirmed with a current code or your password',
        description:
          'Step-up: the server checks a current authenticator code (`code`) or the password (`password`), exactly one, before it removes the authenticator app. With AWS Cognito only the password can be checked.',
        body: ZRemoveAuthenticatorBody,
        response: { 204: z.null(), 409: ZErrorResponse, 429: ZErrorResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { code, password } = request.body;
      // The schema lets exactly one through.
      await authenticator.remove(
        actorOf(request),
        code !== undefined ? { code } : { password: password ?? '' },
      );
      return reply.status(204).send(null);
    },
  );

  app.patch(
    API_PATHS.updateProfile(':id'),
    {
      schema: {
        tags,
        security,
        summary: "Update a user's profile",
        params: ZIdParams,
        body: ZUpdateProfileBody,
        response: { 200: ZProfile, ...errors },
      },
    },
    async (request) => users.updateProfile(actorOf(request), request.params.id, request.body),
  );

  app.put(
    API_PATHS.profileLanguage,
    {
      schema: {
        tags,
        security,
        summary: 'Set the language you read Laurel in',
        description:
          'The signed-in person chooses English (`en`) or Spanish (`es`) for themself: screens, e-mails sent to them and reports follow it. Answers the updated profile; a change is on the audit trail.',
        body: ZProfileLanguageBody,
        response: { 200: ZProfile, ...errors },
      },
    },
    async (request) => users.setOwnLanguage(actorOf(request), request.body.language),
  );

  app.put(
    API_PATHS.profileInsightsDigest,
    {
      schema: {
        tags,
        security,
        summary: 'Receive the monthly insights digest, or stop receiving it',
        description:
          "The signed-in organization admin opts in (`true`) or out (`false`) of the monthly e-mail with their organization's headline insight figures, how each changed since the previous digest, and a link to its insights page. Anyone else is refused opting in (403). Answers the updated profile; a change is on the audit trail.",
        body: ZProfileInsightsDigestBody,
        response: { 200: ZProfile, ...errors },
      },
    },
    async (request) => users.setOwnInsightsDigest(actorOf(request), request.body.insightsDigest),
  );

  registerListRoutes(app, {
    path: API_PATHS.users,
    exportPath: API_PATHS.usersExport,
    tags,
    noun: 'users',
    query: ZUserListQuery,
    page: ZUserPage,
    list: usersAdmin.list,
    stream: usersAdmin.stream,
    recordExport: usersAdmin.recordExport,
    columns: USER_CSV_COLUMNS,
  });

  app.get(
    API_PATHS.user(':id'),
    {
      schema: {
        tags,
        security,
        summary: 'One user',
        params: ZIdParams,
        response: { 200: ZUserSummary, ...errors },
      },
    },
    async (request) => usersAdmin.get(actorOf(request), request.params.id),
  );

  app.patch(
    API_PATHS.user(':id'),
    {
      schema: {
        tags,
        security,
        summary: "Change a user's role or active flag (admins)",
        params: ZIdParams,
        body: ZUserPatchBody,
        response: { 200: ZUserSummary, ...errors },
      },
    },
    async (request) => usersAdmin.update(actorOf(request), request.params.id, request.body),
  );
};
