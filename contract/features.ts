import { z } from 'zod';
import { text } from './common';

/** A path on this shop (`/shop/listing?...`, never `//host` or `/\host`) or an http(s) URL. */
export function isBannerLink(link: string): boolean {
  if (/^\/(?![/\\])[^\s\\]*$/.test(link)) return true;
  if (!/^https?:\/\//i.test(link) || /\s/.test(link)) return false;
  try {
    return ['http:', 'https:'].includes(new URL(link).protocol);
  } catch {
    return false;
  }
}

export const featureImageSchema = z.object({
  _id: z.string(),
  image: z.string(),
  /** Text shown as real HTML over the image; null when the banner has none. */
  title: z.string().nullable(),
  text: z.string().nullable(),
  buttonLabel: z.string().nullable(),
  link: z.string().nullable(),
  createdAt: z.string(),
});
export type FeatureImage = z.infer<typeof featureImageSchema>;

// An empty or absent field means "none": the admin's form sends '' for a cleared box.
const optionalText = (max: number) =>
  text({ min: 0, max })
    .optional()
    .transform((s) => s || null);

const optionalLink = z
  .string()
  .max(500, 'must be at most 500 characters')
  .optional()
  .transform((s) => s?.trim() || null)
  .refine((s) => s === null || isBannerLink(s), {
    message:
      'must be a path on this shop starting with / (such as /shop/listing?category=women) or an http(s) URL',
  });

const bannerTextShape = {
  title: optionalText(80),
  text: optionalText(200),
  buttonLabel: optionalText(30),
  link: optionalLink,
};

function buttonNeedsBoth(
  banner: { buttonLabel: string | null; link: string | null },
  ctx: z.RefinementCtx,
) {
  if (Boolean(banner.buttonLabel) !== Boolean(banner.link)) {
    ctx.addIssue({
      code: 'custom',
      path: [banner.link ? 'buttonLabel' : 'link'],
      message: 'buttonLabel and link must be given together (a button needs both)',
    });
  }
}

/** The banner's optional text (an edit replaces all four); a button needs label and link. */
export const bannerTextInput = z.strictObject(bannerTextShape).superRefine(buttonNeedsBoth);
export type BannerTextInput = z.output<typeof bannerTextInput>;

export const featureInput = z
  .strictObject({
    image: z
      .string({ message: 'is required: upload an image first' })
      .trim()
      .min(1, 'is required: upload an image first')
      .max(500, 'must be at most 500 characters'),
    ...bannerTextShape,
  })
  .superRefine(buttonNeedsBoth);
export type FeatureInput = z.output<typeof featureInput>;
