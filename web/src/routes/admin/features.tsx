import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ImageUpload } from '@/components/ui/image-upload';
import { Skeleton } from '@/components/ui/skeleton';
import { useAddFeatureImage } from '@/features/admin-features/api/add-feature-image';
import { useFeatureImages } from '@/features/admin-features/api/get-feature-images';
import {
  BannerTextFields,
  emptyBannerText,
} from '@/features/admin-features/components/banner-text-fields';
import { FeatureImageList } from '@/features/admin-features/components/feature-image-list';
import { uploadImage } from '@/features/admin-products/api/upload-image';

export function Component() {
  const [imageUrl, setImageUrl] = useState('');
  const [text, setText] = useState(emptyBannerText);
  // Remounting the uploader clears its file after a successful add.
  const [uploaderKey, setUploaderKey] = useState(0);
  const { data: images = [], isPending } = useFeatureImages();
  const addMutation = useAddFeatureImage();

  const add = () => {
    if (!imageUrl) return;
    addMutation.mutate(
      { image: imageUrl, ...text },
      {
        onSuccess: () => {
          setImageUrl('');
          setText(emptyBannerText);
          setUploaderKey((k) => k + 1);
        },
      },
    );
  };

  return (
    <>
      <title>Feature images · Admin</title>
      <h1 className="mb-5 text-2xl font-bold">Feature images</h1>
      <section className="mb-8 flex max-w-xl flex-col gap-4" aria-label="Add a feature image">
        <ImageUpload
          key={uploaderKey}
          value={imageUrl}
          onChange={setImageUrl}
          upload={uploadImage}
        />
        <BannerTextFields value={text} onChange={setText} />
        <Button onClick={add} disabled={!imageUrl || addMutation.isPending} className="w-full">
          Upload
        </Button>
        {addMutation.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {addMutation.error.message}
          </p>
        ) : null}
      </section>
      {isPending ? (
        <Skeleton role="status" aria-label="Loading feature images" className="h-[300px] w-full" />
      ) : (
        <FeatureImageList images={images} />
      )}
    </>
  );
}
