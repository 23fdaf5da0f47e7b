import type { Category } from '@contract/catalog';
import { paginationSchema } from '@contract/common';
import { searchSuggestionLimits } from '@contract/listing';
import type { Db } from '../../db/client';
import { editDistance } from '../../lib/edit-distance';
import { productSearch as repo } from '../catalog';
import { paginationOf } from './listing.service';
import type { ProductJsonCache } from './product-json-cache';
import type { SearchVocabulary } from './search-vocabulary';

// Trigrams need three letters or digits; shorter words are neither corrected nor fuzzy-matched.
const MIN_FUZZY_CHARS = 3;
const WORD_CHAR = /[\p{L}\p{N}]/gu;
const WORDS = /[\p{L}\p{N}]+/gu;
// A keyword's words beyond this many are searched as typed, never corrected.
const MAX_CORRECTED_WORDS = 6;
const CANDIDATES = 8;

/** Edits forgiven in a word: one in short words, two from eight letters on. */
const allowedEdits = (word: string) => (word.length >= 8 ? 2 : 1);
/** A suggestion ("did you mean") may be one edit further than a correction: it is only offered. */
const suggestedEdits = (word: string) => allowedEdits(word) + 1;

type Candidate = { word: string; edits: number };
type Found = Awaited<ReturnType<typeof repo.fullTextPage>> & {
  correctedTo?: string;
  suggestions?: { keywords: string[]; categories: Category[] };
};

/**
 * Storefront search: PostgreSQL full text over title, brand, category and description. A
 * keyword that finds nothing has its unknown words corrected to the nearest word of the
 * catalogue's vocabulary (trigrams in memory, then edit distance), so a typo costs one more
 * full-text query instead of ranking every fuzzy candidate. Only a
 * keyword with no word near the vocabulary falls back to trigram matching.
 */
export class SearchService {
  constructor(
    private readonly db: Db,
    private readonly productJson: ProductJsonCache,
    private readonly vocabulary: SearchVocabulary,
  ) {}

  /**
   * The search answer as the JSON `search` would be sent as, composed from each product's
   * cached answer (as listings are): a miss runs only the search's own queries.
   */
  async searchJson(keyword: string, { page, limit }: { page: number; limit: number }) {
    const found = await this.find(keyword, { limit, offset: (page - 1) * limit });
    const products = await this.productJson.cards(found.ids);
    const pagination = paginationSchema.parse(paginationOf(page, limit, found.total));
    const { correctedTo, suggestions } = found;
    const extra = JSON.stringify({ correctedTo, suggestions }).slice(1, -1);
    return `{"success":true,"data":[${products.join(',')}],"pagination":${JSON.stringify(pagination)}${extra ? `,${extra}` : ''}}`;
  }

  private async find(keyword: string, window: { limit: number; offset: number }): Promise<Found> {
    const exact = await repo.fullTextPage(this.db, repo.typedQuery(keyword), window);
    if (exact.total > 0) return exact;
    const fuzzy = (keyword.match(WORD_CHAR)?.length ?? 0) >= MIN_FUZZY_CHARS;
    const candidates = fuzzy ? await this.candidates(keyword) : undefined;
    const corrected = candidates && this.correct(candidates, allowedEdits);
    if (corrected) {
      const page = await repo.fullTextPage(this.db, repo.allWordsQuery(corrected), window);
      if (page.total > 0) return { ...page, correctedTo: corrected.join(' ') };
    }
    const page = fuzzy ? await repo.fuzzyPage(this.db, keyword, window) : exact;
    if (page.total > 0) return page;
    return { ...page, suggestions: await this.suggest(candidates) };
  }

  /**
   * The keyword's words (up to MAX_CORRECTED_WORDS), each unknown one with the vocabulary's
   * words nearest to it within what a suggestion forgives, fewest edits first (the trigram
   * order breaks ties); a known or too short word stands for itself.
   */
  private async candidates(keyword: string) {
    const words = [...new Set(keyword.toLowerCase().match(WORDS) ?? [])].slice(
      0,
      MAX_CORRECTED_WORDS,
    );
    const found = new Map(
      (await this.vocabulary.near(words, MIN_FUZZY_CHARS, CANDIDATES)).map((w) => [w.word, w]),
    );
    return words.map((word) => {
      const { known, near } = found.get(word) ?? { known: false, near: null };
      if (known || !near) return { word, near: undefined };
      const candidates: Candidate[] = near
        .map((candidate) => ({ word: candidate, edits: editDistance(word, candidate) }))
        .filter((c) => c.edits <= suggestedEdits(word))
        .sort((a, b) => a.edits - b.edits);
      return { word, near: candidates };
    });
  }

  /** The words with each unknown one replaced by its `rank`-th nearest word within `edits`;
   * undefined when none was replaced. */
  private correct(
    words: { word: string; near: Candidate[] | undefined }[],
    edits: (word: string) => number,
    rank = 0,
  ) {
    let changed = false;
    const corrected = words.map(({ word, near }) => {
      const within = near?.filter((c) => c.edits <= edits(word)) ?? [];
      const best = within[Math.min(rank, within.length - 1)];
      if (best) changed = true;
      return best?.word ?? word;
    });
    return changed ? corrected : undefined;
  }

  /**
   * For a keyword that found nothing: up to three keywords near it that find products (the
   * whole keyword with its unknown words replaced, else each replacement alone), and the
   * categories with most products. Bounded: at most six counts and one grouped count.
   */
  private async suggest(candidates: Awaited<ReturnType<SearchService['candidates']>> | undefined) {
    const tried: string[][] = [];
    for (let rank = 0; candidates && rank < searchSuggestionLimits.words; rank += 1) {
      const words = this.correct(candidates, suggestedEdits, rank);
      if (words) tried.push(words);
    }
    for (const { near } of candidates ?? []) if (near?.[0]) tried.push([near[0].word]);
    const keywords: string[] = [];
    for (const words of tried.slice(0, 2 * searchSuggestionLimits.words)) {
      const phrase = words.join(' ');
      if (keywords.length === searchSuggestionLimits.words || keywords.includes(phrase)) continue;
      if ((await repo.fullTextCount(this.db, repo.allWordsQuery(words))) > 0) keywords.push(phrase);
    }
    const categories = (await repo.largestCategories(
      this.db,
      searchSuggestionLimits.categories,
    )) as Category[];
    return { keywords, categories };
  }
}
