import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { encodedAnswer, jsonBytes, keepAsBrotli } from '../../server/src/lib/cached-json';

// zlib's sync output is a view of its work buffer (16 KB or more): a kept page or answer must
// hold only its own bytes, or 10,000 pages of 7 KB hold 229 MB.
describe('kept compressed bytes', () => {
  const page = Buffer.from('<p>a shared page</p>'.repeat(400));

  it('keep a page as brotli in memory of its own size, with the plain bytes inside', () => {
    const kept = keepAsBrotli(page);
    expect(kept.br.buffer.byteLength).toBe(kept.br.byteLength);
    expect(brotliDecompressSync(kept.br)).toEqual(page);
  });

  it("keep a cached answer's brotli and gzip forms in memory of their own size", () => {
    for (const encoding of ['br', 'gzip'] as const) {
      const form = encodedAnswer(page, encoding);
      expect(form.buffer.byteLength).toBe(form.byteLength);
    }
  });

  it('keep a small JSON answer in memory of its own size, not a view of a pool slab', () => {
    const answer = jsonBytes('{"success":true,"data":[]}');
    expect(answer.toString()).toBe('{"success":true,"data":[]}');
    expect(answer.buffer.byteLength).toBe(answer.byteLength);
  });
});
