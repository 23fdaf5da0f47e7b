import type { Db } from '../../db/client';
import { productSearch as repo } from '../catalog';

/** pg_trgm's trigrams of one word: padded with two spaces before and one after. */
function trigramsOf(word: string) {
  const chars = [' ', ' ', ...word, ' '];
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= chars.length; i += 1) grams.add(chars.slice(i, i + 3).join(''));
  return grams;
}

type Index = {
  words: string[];
  known: Set<string>;
  /** For each trigram, the positions in `words` of the words holding it. */
  postings: Map<string, Int32Array>;
  gramCounts: Uint16Array;
};

function indexOf(words: string[]): Index {
  const lists = new Map<string, number[]>();
  const gramCounts = new Uint16Array(words.length);
  words.forEach((word, i) => {
    const grams = trigramsOf(word);
    gramCounts[i] = grams.size;
    for (const gram of grams) {
      const list = lists.get(gram);
      if (list) list.push(i);
      else lists.set(gram, [i]);
    }
  });
  const postings = new Map<string, Int32Array>();
  for (const [gram, list] of lists) postings.set(gram, Int32Array.from(list));
  return { words, known: new Set(words), postings, gramCounts };
}

/**
 * The catalogue's vocabulary (`search_words`, filled by the products' triggers) held in memory
 * with a trigram index, so a typo's nearest words cost no statement: on PGlite every statement
 * waits on the one thread that answers all requests. Words are only ever added, so after a
 * product change one count tells whether the held copy is still whole.
 */
export class SearchVocabulary {
  private index: Index | undefined;
  private loading: Promise<Index> | undefined;
  private maybeGrown = true;

  constructor(private readonly db: Db) {}

  /** A product changed (here or on another instance): its words may be new. */
  changed() {
    this.maybeGrown = true;
  }

  /**
   * Each word with whether the vocabulary holds it and, when it does not and has `minChars`
   * characters or more, the `limit` words most similar to it by trigrams (pg_trgm's similarity).
   */
  async near(words: string[], minChars: number, limit: number) {
    if (words.length === 0) return [];
    const index = await this.current();
    return words.map((word) => {
      const known = index.known.has(word);
      const near = known || [...word].length < minChars ? null : nearest(index, word, limit);
      return { word, known, near };
    });
  }

  private async current() {
    if (this.loading) return this.loading;
    if (this.index && !this.maybeGrown) return this.index;
    this.maybeGrown = false;
    const held = this.index;
    this.loading = (async () => {
      if (held && (await repo.vocabularySize(this.db)) === held.words.length) return held;
      return indexOf(await repo.vocabulary(this.db));
    })();
    try {
      this.index = await this.loading;
      return this.index;
    } catch (error) {
      this.maybeGrown = true;
      throw error;
    } finally {
      this.loading = undefined;
    }
  }
}

/** The `limit` words sharing most of `word`'s trigrams (similarity as pg_trgm's `<->` orders). */
function nearest({ words, postings, gramCounts }: Index, word: string, limit: number) {
  const grams = trigramsOf(word);
  const shared = new Map<number, number>();
  for (const gram of grams) {
    for (const i of postings.get(gram) ?? []) shared.set(i, (shared.get(i) ?? 0) + 1);
  }
  const ranked = [...shared].map(([i, n]) => ({
    word: words[i]!,
    similarity: n / (grams.size + gramCounts[i]! - n),
  }));
  ranked.sort((a, b) => b.similarity - a.similarity || (a.word < b.word ? -1 : 1));
  return ranked.slice(0, limit).map((r) => r.word);
}
