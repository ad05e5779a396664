import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * One log line per request: Fastify's "incoming request" line is left out and its "request
 * completed" (or "request errored") line carries what both said: the request id, method, url,
 * host and client address beside the status and the response time.
 */
export class RequestLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    if (error)
      reply.log.error(
        { req: request, res: reply, err: error, responseTime: reply.elapsedTime },
        'request errored',
      );
    else
      reply.log.info(
        { req: request, res: reply, responseTime: reply.elapsedTime },
        'request completed',
      );
  }
}
