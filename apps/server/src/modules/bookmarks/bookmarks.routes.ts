import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import {
  ZBookmark,
  ZCreateBookmarkBody,
  ZCreateBookmarkResponse,
} from '@laurel/contract/bookmarks';
import { ZErrorResponse } from '@laurel/contract/errors';
import { API_PATHS } from '@laurel/contract/paths';
import { ZIdParams } from '@laurel/contract/pagination';

import { actorOf } from '../../lib/actor.ts';
import type { BookmarksService } from './bookmarks.service.ts';

export const bookmarksRoutes: FastifyPluginAsyncZod<{ bookmarks: BookmarksService }> = async (
  app,
  { bookmarks },
) => {
  const tags = ['bookmarks'];
  const security = [{ bearer: [] }];
  const errors = { 400: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse };

  app.get(
    API_PATHS.bookmarks,
    {
      schema: {
        tags,
        security,
        summary: 'Your bookmarks, newest first',
        response: { 200: z.array(ZBookmark) },
      },
    },
    async (request) => bookmarks.list(actorOf(request)),
  );

  app.post(
    API_PATHS.bookmarks,
    {
      schema: {
        tags,
        security,
        summary: 'Bookmark an item (again is not an error)',
        body: ZCreateBookmarkBody,
        response: { 200: ZCreateBookmarkResponse, 201: ZCreateBookmarkResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { id, created } = await bookmarks.create(actorOf(request), request.body);
      return reply.status(created ? 201 : 200).send({ id });
    },
  );

  app.delete(
    API_PATHS.bookmark(':id'),
    {
      schema: {
        tags,
        security,
        summary: 'Remove one of your bookmarks',
        params: ZIdParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await bookmarks.remove(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
