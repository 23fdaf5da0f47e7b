import type { FeatureImage } from '@contract/catalog';
import { Trash2Icon } from 'lucide-react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { useDeleteFeatureImage } from '../api/delete-feature-image';
import { EditBannerText } from './edit-banner-text';

/** What the shop shows over the picture, so the admin sees it without opening the editor. */
function BannerTextSummary({ banner }: { banner: FeatureImage }) {
  const { title, text, buttonLabel, link } = banner;
  if (!title && !text && !buttonLabel) return null;
  return (
    <div className="absolute inset-x-3 bottom-3 rounded-md bg-black/65 px-4 py-3 text-sm text-white">
      {title && <p className="font-semibold">{title}</p>}
      {text && <p className="line-clamp-2 text-zinc-100">{text}</p>}
      {buttonLabel && (
        <p className="text-zinc-200">
          Button “{buttonLabel}” → <span className="break-all">{link}</span>
        </p>
      )}
    </div>
  );
}

/** The current banners, each full width at 300 px high, with a confirmed delete. */
export function FeatureImageList({ images }: { images: FeatureImage[] }) {
  const deleteMutation = useDeleteFeatureImage();
  if (images.length === 0) {
    return (
      <p className="rounded-lg border border-dashed p-10 text-center text-muted-foreground">
        No feature images yet. Upload one to show it on the shop’s home page.
      </p>
    );
  }
  return (
    <ul className="flex flex-col gap-4" aria-label="Feature images">
      {images.map((item, index) => (
        <li key={item._id} className="relative">
          <img
            src={item.image}
            alt={`Home banner ${index + 1}`}
            loading="lazy"
            className="h-[300px] w-full rounded-lg bg-muted object-cover"
          />
          <BannerTextSummary banner={item} />
          <div className="absolute right-3 top-3 flex gap-2">
            <EditBannerText banner={item} index={index} />
            <AlertDialog>
              <AlertDialogTrigger asChild>
                <Button variant="destructive" size="sm" className="shadow">
                  <Trash2Icon aria-hidden />
                  Delete<span className="sr-only"> feature image {index + 1}</span>
                </Button>
              </AlertDialogTrigger>
              <AlertDialogContent>
                <AlertDialogTitle>Delete this feature image?</AlertDialogTitle>
                <AlertDialogDescription>
                  It will no longer show in the home page banner.
                </AlertDialogDescription>
                <AlertDialogFooter>
                  <AlertDialogCancel>Cancel</AlertDialogCancel>
                  <AlertDialogAction onClick={() => deleteMutation.mutate(item._id)}>
                    Delete
                  </AlertDialogAction>
                </AlertDialogFooter>
              </AlertDialogContent>
            </AlertDialog>
          </div>
        </li>
      ))}
    </ul>
  );
}
