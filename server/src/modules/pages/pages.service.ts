import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { type InfoPage, infoPages, isInfoPageSlug } from '@contract/info-pages';
import { notFound } from '../../lib/app-error';
import { renderMarkdown, splitTitle } from './markdown';

type Cached = { file: string; mtimeMs: number; page: InfoPage };

export type PagesOptions = {
  /** The pages shipped with the shop (content/pages). */
  defaultsDir: string;
  /** PAGES_DIR: an operator's files, each replacing the default of the same name. */
  overrideDir?: string | undefined;
  /** Values of the {{shopName}} and {{contactEmail}} placeholders. */
  vars: { shopName: string; contactEmail: string };
};

/**
 * The footer's information pages (shipping, returns, ...), rendered from Markdown files.
 * Cache invariant: a page is served from memory only while its file is the same path with
 * the same mtime, so an operator's edit or a new file in PAGES_DIR shows on the next request.
 */
export class PagesService {
  private readonly cache = new Map<string, Cached>();

  constructor(private readonly options: PagesOptions) {}

  async get(slug: string): Promise<InfoPage> {
    if (!isInfoPageSlug(slug)) throw notFound('Page');
    const file = await this.fileFor(slug);
    const { mtimeMs } = await stat(file);
    const cached = this.cache.get(slug);
    if (cached && cached.file === file && cached.mtimeMs === mtimeMs) return cached.page;
    const page = this.render(slug, await readFile(file, 'utf8'));
    this.cache.set(slug, { file, mtimeMs, page });
    return page;
  }

  private async fileFor(slug: string): Promise<string> {
    const { overrideDir, defaultsDir } = this.options;
    if (overrideDir) {
      const own = path.join(overrideDir, `${slug}.md`);
      if (
        await stat(own).then(
          (s) => s.isFile(),
          () => false,
        )
      )
        return own;
    }
    return path.join(defaultsDir, `${slug}.md`);
  }

  private render(slug: string, markdown: string): InfoPage {
    const { shopName, contactEmail } = this.options.vars;
    const filled = markdown
      .replaceAll('{{shopName}}', shopName)
      .replaceAll('{{contactEmail}}', contactEmail);
    const { title, body } = splitTitle(filled);
    const label = infoPages.find((p) => p.slug === slug)?.label ?? slug;
    return { slug, title: title ?? label, html: renderMarkdown(body) };
  }
}
