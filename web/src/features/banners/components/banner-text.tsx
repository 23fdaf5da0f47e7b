import type { FeatureImage } from '@contract/catalog';
import { Link } from 'react-router';

const buttonClass =
  'mt-1 inline-flex items-center rounded-full bg-zinc-900 px-5 py-2 text-sm font-semibold text-white shadow hover:bg-zinc-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-zinc-900 focus-visible:ring-offset-2 sm:px-6 sm:py-2.5 sm:text-base';

/**
 * A banner's title, text and button as real HTML over its picture: readable by screen readers
 * and search engines, sharp at any size, and a button that goes somewhere. A light panel keeps
 * the words legible on any image an admin uploads. Phones leave room for the arrows.
 */
export function BannerText({ banner }: { banner: FeatureImage }) {
  const { title, text, buttonLabel, link } = banner;
  if (!title && !text && !(buttonLabel && link)) return null;
  return (
    <div className="pointer-events-none absolute inset-0 flex items-center justify-center px-14 py-6 sm:px-20 sm:py-10">
      <div className="pointer-events-auto flex max-w-[min(44rem,100%)] flex-col items-center gap-1 rounded-2xl bg-white/90 px-4 py-3 text-center text-zinc-900 shadow-lg backdrop-blur-sm sm:gap-3 sm:px-10 sm:py-7">
        {title && (
          <h2 className="text-balance text-lg font-extrabold leading-tight sm:text-4xl lg:text-5xl">
            {title}
          </h2>
        )}
        {text && <p className="line-clamp-2 text-sm text-zinc-700 sm:text-lg">{text}</p>}
        {buttonLabel && link && <BannerButton label={buttonLabel} link={link} />}
      </div>
    </div>
  );
}

function BannerButton({ label, link }: { label: string; link: string }) {
  // A path of this shop moves inside the app; another site opens as a normal link.
  if (link.startsWith('/')) {
    return (
      <Link to={link} className={buttonClass}>
        {label}
      </Link>
    );
  }
  return (
    <a href={link} className={buttonClass} rel="noopener">
      {label}
    </a>
  );
}
