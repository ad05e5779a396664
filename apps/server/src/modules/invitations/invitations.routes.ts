import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { ZErrorResponse } from '@laurel/contract/errors';
import {
  ZAcceptInvitationBody,
  ZAcceptInvitationResult,
  ZInvitation,
  ZInvitationBody,
  ZInvitationDetails,
  ZInvitationDetailsBody,
  ZInvitationSeats,
} from '@laurel/contract/invitations';
import { ZIdParams } from '@laurel/contract/pagination';
import { API_PATHS } from '@laurel/contract/paths';
import { ZUserSummary } from '@laurel/contract/users';

import { actorOf } from '../../lib/actor.ts';
import type { InvitationsService } from './invitations.service.ts';
import { RATE_LIMITS } from '../../plugins/rate-limit.ts';

const ZInviteResult = z
  .object({ user: ZUserSummary, invitation: ZInvitation })
  .meta({ id: 'InviteResult' });

export const invitationsRoutes: FastifyPluginAsyncZod<{ invitations: InvitationsService }> = async (
  app,
  { invitations },
) => {
  const tags = ['users'];
  const security = [{ bearer: [] }];
  const errors = {
    400: ZErrorResponse,
    403: ZErrorResponse,
    404: ZErrorResponse,
    409: ZErrorResponse,
    502: ZErrorResponse,
    503: ZErrorResponse,
  };

  app.post(
    API_PATHS.invitation,
    {
      config: { public: true, rateLimit: RATE_LIMITS.invitation },
      schema: {
        tags,
        summary:
          'Accept an invitation (the link in the invitation e-mail); a password user chooses their password here',
        body: ZAcceptInvitationBody,
        response: {
          200: ZAcceptInvitationResult,
          ...errors,
          410: ZErrorResponse,
          429: ZErrorResponse,
        },
      },
    },
    async (request) => invitations.accept(request.body.token, request.body.password),
  );

  app.post(
    API_PATHS.invitationDetails,
    {
      config: { public: true, rateLimit: RATE_LIMITS.invitation },
      schema: {
        tags,
        summary:
          "An invitation link's organization, inviter, role and status, before it is accepted",
        body: ZInvitationDetailsBody,
        response: { 200: ZInvitationDetails, 400: ZErrorResponse, 429: ZErrorResponse },
      },
    },
    async (request) => invitations.details(request.body.token),
  );

  app.get(
    API_PATHS.organizationInvitationSeats(':id'),
    {
      schema: {
        tags,
        security,
        summary: "The seats of the organization's current contracts, before inviting (admins)",
        params: ZIdParams,
        response: { 200: ZInvitationSeats, ...errors },
      },
    },
    async (request) => invitations.seats(actorOf(request), request.params.id),
  );

  app.post(
    API_PATHS.organizationInvitations(':id'),
    {
      schema: {
        tags,
        security,
        summary: 'Invite a person to an organization (admins)',
        params: ZIdParams,
        body: ZInvitationBody,
        response: { 201: ZInviteResult, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await invitations.invite(actorOf(request), request.params.id, request.body)),
  );

  app.get(
    API_PATHS.userInvitation(':id'),
    {
      schema: {
        tags,
        security,
        summary: "A user's latest invitation (admins)",
        params: ZIdParams,
        response: { 200: ZInvitation, ...errors },
      },
    },
    async (request) => invitations.latest(actorOf(request), request.params.id),
  );

  app.post(
    API_PATHS.resendUserInvitation(':id'),
    {
      schema: {
        tags,
        security,
        summary: 'Send a new invitation link; earlier links stop working (admins)',
        params: ZIdParams,
        response: { 200: ZInvitation, ...errors },
      },
    },
    async (request) => invitations.resend(actorOf(request), request.params.id),
  );

  app.delete(
    API_PATHS.userInvitation(':id'),
    {
      schema: {
        tags,
        security,
        summary: 'Withdraw an invitation nobody accepted; its account is removed (admins)',
        params: ZIdParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await invitations.revoke(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
