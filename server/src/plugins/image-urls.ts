import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { withAbsoluteImageUrls, withStoredImageUrls } from '../lib/image-urls';

/** API answers carry absolute image URLs; bodies sent back with them are stored relative. */
export default fp(
  async function imageUrls(app: FastifyInstance) {
    const { publicUrl } = app.config;
    app.addHook('preValidation', async (request) => {
      if (request.url.startsWith('/api/') && request.body && typeof request.body === 'object') {
        request.body = withStoredImageUrls(request.body, publicUrl);
      }
    });
    // Cached answers (lib/cached-json.ts) are converted once, when the cache is filled.
    app.addHook('preSerialization', async (request, _reply, payload) =>
      request.url.startsWith('/api/') ? withAbsoluteImageUrls(payload, publicUrl) : payload,
    );
  },
  { name: 'image-urls' },
);
