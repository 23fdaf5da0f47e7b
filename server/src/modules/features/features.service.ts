import type { BannerTextInput, FeatureImage, FeatureInput } from '@contract/catalog';
import { isId } from '@contract/common';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import { ChangeListeners } from '../../lib/change-listeners';
import * as repo from './features.repository';

/** Home-page banners ("feature images"). */
export class FeaturesService {
  private readonly changes = new ChangeListeners();

  constructor(
    private readonly db: Db,
    private readonly isOwnImage: (url: string) => Promise<boolean>,
  ) {}

  /** Called after every banner add or delete of this instance (read caches). */
  onChange(listener: () => void) {
    return this.changes.on(listener);
  }

  /** Oldest first: the carousel shows banners in the order they were added. */
  async list(): Promise<FeatureImage[]> {
    const rows = await repo.listFeatureImages(this.db);
    return rows.map(repo.toFeatureImage);
  }

  /** The text fields arrive validated (lengths, a link on this shop or http(s)). */
  async add(banner: FeatureInput): Promise<FeatureImage> {
    if (!(await this.isOwnImage(banner.image))) {
      throw new AppError('INVALID_INPUT', 'image must be an image uploaded to this shop');
    }
    const row = await repo.insertFeatureImage(this.db, banner);
    this.changes.emit();
    return repo.toFeatureImage(row);
  }

  /** Replaces the banner's title, text, button label and link; the image stays. */
  async editText(id: string, fields: BannerTextInput): Promise<FeatureImage> {
    if (!isId(id)) throw notFound('Feature image');
    const row = await repo.updateFeatureText(this.db, id, fields);
    if (!row) throw notFound('Feature image');
    this.changes.emit();
    return repo.toFeatureImage(row);
  }

  async remove(id: string): Promise<void> {
    if (!isId(id)) throw notFound('Feature image');
    const row = await repo.deleteFeatureImage(this.db, id);
    if (!row) throw notFound('Feature image');
    this.changes.emit();
  }
}
