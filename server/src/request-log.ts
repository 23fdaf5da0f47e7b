import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/** One log line per request, written when it completes (Fastify's default writes two). */
export class OneLinePerRequest extends LogController {
  constructor(private readonly level: 'info' | 'debug') {
    super();
  }

  override incomingRequest() {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply) {
    const line = {
      method: request.method,
      url: request.url,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) request.log.error({ ...line, err: error }, 'request failed');
    else request.log[this.level](line, 'request');
  }
}
