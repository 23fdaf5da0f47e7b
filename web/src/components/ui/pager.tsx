import { Button } from '@/components/ui/button';
import { withOverrides } from '@/lib/utils';

type PagerProps = {
  /** The current page, from 1. */
  page: number;
  /** How many pages there are; the pager shows nothing for one. */
  pages: number;
  /** Asked for the page before or after this one. */
  onPage: (page: number) => void;
  /** The navigation's accessible name ("Order pages"). */
  label: string;
  className?: string;
};

/** Previous and next buttons around "Page 2 of 5", under an admin list of pages. */
export function Pager({ page, pages, onPage, label, className }: PagerProps) {
  if (pages <= 1) return null;
  return (
    <nav
      aria-label={label}
      className={withOverrides('flex items-center justify-end gap-2', className, [
        [/^justify-(start|end|center|between|around|evenly|stretch|normal)$/],
        [/^gap-/],
      ])}
    >
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <span className="text-sm">
        Page {page} of {pages}
      </span>
      <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}
