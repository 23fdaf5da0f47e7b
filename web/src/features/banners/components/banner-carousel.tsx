import type { FeatureImage } from '@contract/catalog';
import Autoplay from 'embla-carousel-autoplay';
import Fade from 'embla-carousel-fade';
import useEmblaCarousel from 'embla-carousel-react';
import { ChevronLeft, ChevronRight, Pause, Play } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useMediaQuery } from '@/lib/media-query';
import { cn } from '@/lib/utils';
import { BannerText } from './banner-text';

/** SPEC §9: a new banner every 15 seconds. */
export const BANNER_INTERVAL_MS = 15_000;
// Embla's fade is physics-based: a duration of 40 brings the next banner in over about a second.
const FADE_DURATION = 40;

/**
 * The home banner: fades to the next image every 15 s, with previous and next arrows. It pauses
 * while hovered or focused, has a pause button, and never moves under prefers-reduced-motion.
 */
export function BannerCarousel({
  images,
  fallback,
}: {
  images: FeatureImage[];
  fallback: ReactNode;
}) {
  const reduced = useMediaQuery('(prefers-reduced-motion: reduce)');
  const autoplay = useRef(
    Autoplay({
      delay: BANNER_INTERVAL_MS,
      playOnInit: false,
      stopOnInteraction: false,
      stopOnFocusIn: false,
      stopOnMouseEnter: false,
    }),
  );
  const [emblaRef, embla] = useEmblaCarousel(
    { loop: true, duration: FADE_DURATION, watchDrag: images.length > 1 },
    [Fade(), autoplay.current],
  );
  const [selected, setSelected] = useState(0);
  const [paused, setPaused] = useState(false);
  const hovered = useRef(false);
  const focused = useRef(false);

  const sync = useCallback(() => {
    const plugin = autoplay.current;
    if (!embla || images.length < 2) return;
    const shouldPlay = !reduced && !paused && !hovered.current && !focused.current;
    if (shouldPlay && !plugin.isPlaying()) plugin.play();
    if (!shouldPlay && plugin.isPlaying()) plugin.stop();
  }, [embla, images.length, reduced, paused]);

  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setSelected(embla.selectedScrollSnap());
    onSelect();
    embla.on('select', onSelect).on('reInit', onSelect);
    return () => {
      embla.off('select', onSelect).off('reInit', onSelect);
    };
  }, [embla]);
  useEffect(sync, [sync]);

  if (images.length === 0) return <>{fallback}</>;

  // Under reduced motion the arrows jump straight to the next banner, with no fade.
  const go = (direction: 'prev' | 'next') => {
    if (direction === 'prev') embla?.scrollPrev(reduced);
    else embla?.scrollNext(reduced);
    autoplay.current.reset();
  };

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Featured collections"
      className="relative w-full overflow-hidden bg-zinc-900"
      onMouseEnter={() => {
        hovered.current = true;
        sync();
      }}
      onMouseLeave={() => {
        hovered.current = false;
        sync();
      }}
      onFocus={() => {
        focused.current = true;
        sync();
      }}
      onBlur={(event) => {
        if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
        focused.current = false;
        sync();
      }}
    >
      <div ref={emblaRef} className="overflow-hidden">
        <div className="flex touch-pan-y">
          {images.map((image, index) => (
            // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern: a slide is a group, not a form fieldset
            <div
              key={image._id}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${images.length}`}
              aria-hidden={index !== selected}
              // Hidden slides' buttons are out of the tab order too.
              inert={index !== selected}
              className="relative min-w-0 flex-[0_0_100%]"
            >
              <img
                src={image.image}
                alt=""
                width={1600}
                height={600}
                loading={index === 0 ? 'eager' : 'lazy'}
                fetchPriority={index === 0 ? 'high' : 'auto'}
                decoding="async"
                className="h-[220px] w-full object-cover sm:h-[360px] lg:h-[520px]"
              />
              <BannerText banner={image} />
            </div>
          ))}
        </div>
      </div>
      {images.length > 1 && (
        <>
          <Button
            variant="outline"
            size="icon"
            className="absolute left-3 top-1/2 -translate-y-1/2 rounded-full bg-white/80 hover:bg-white"
            onClick={() => go('prev')}
          >
            <ChevronLeft aria-hidden />
            <span className="sr-only">Previous banner</span>
          </Button>
          <Button
            variant="outline"
            size="icon"
            className="absolute right-3 top-1/2 -translate-y-1/2 rounded-full bg-white/80 hover:bg-white"
            onClick={() => go('next')}
          >
            <ChevronRight aria-hidden />
            <span className="sr-only">Next banner</span>
          </Button>
          <div className="absolute bottom-3 left-1/2 flex -translate-x-1/2 items-center gap-2">
            {images.map((image, index) => (
              <span
                key={image._id}
                aria-hidden
                className={cn(
                  'block h-1.5 rounded-full transition-all',
                  index === selected ? 'w-6 bg-white' : 'w-1.5 bg-white/60',
                )}
              />
            ))}
          </div>
          {!reduced && (
            <Button
              variant="outline"
              size="icon"
              className="absolute bottom-2 right-3 size-8 rounded-full bg-white/80 hover:bg-white"
              onClick={() => setPaused((p) => !p)}
            >
              {paused ? <Play aria-hidden /> : <Pause aria-hidden />}
              <span className="sr-only">{paused ? 'Play slideshow' : 'Pause slideshow'}</span>
            </Button>
          )}
        </>
      )}
    </section>
  );
}
