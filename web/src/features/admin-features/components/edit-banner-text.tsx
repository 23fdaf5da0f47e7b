import type { FeatureImage } from '@contract/catalog';
import { PencilIcon } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { useEditFeatureImage } from '../api/edit-feature-image';
import { BannerTextFields, type BannerTextValues, bannerTextOf } from './banner-text-fields';

/** The "Edit text" button of a listed banner and its dialog. */
export function EditBannerText({ banner, index }: { banner: FeatureImage; index: number }) {
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState<BannerTextValues>(() => bannerTextOf(banner));
  const edit = useEditFeatureImage();

  const openChange = (next: boolean) => {
    // Each opening starts from the banner as saved.
    if (next) {
      setValue(bannerTextOf(banner));
      edit.reset();
    }
    setOpen(next);
  };
  const save = (event: FormEvent) => {
    event.preventDefault();
    edit.mutate({ id: banner._id, ...value }, { onSuccess: () => setOpen(false) });
  };

  return (
    <Dialog open={open} onOpenChange={openChange}>
      <DialogTrigger asChild>
        <Button variant="secondary" size="sm" className="shadow">
          <PencilIcon aria-hidden />
          Edit text<span className="sr-only"> of feature image {index + 1}</span>
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-xl">
        <DialogTitle>Banner text</DialogTitle>
        <DialogDescription>
          Shown over the picture on the home page. Leave a field empty to show nothing.
        </DialogDescription>
        <form onSubmit={save} className="flex flex-col gap-4">
          <BannerTextFields value={value} onChange={setValue} />
          {edit.isError ? (
            <p role="alert" className="text-sm text-destructive">
              {edit.error.message}
            </p>
          ) : null}
          <Button type="submit" disabled={edit.isPending}>
            Save
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
