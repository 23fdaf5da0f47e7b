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
          <AlertDialog>
            <AlertDialogTrigger asChild>
              <Button variant="destructive" size="sm" className="absolute right-3 top-3 shadow">
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
        </li>
      ))}
    </ul>
  );
}
