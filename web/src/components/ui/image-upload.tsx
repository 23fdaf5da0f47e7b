import { FileImageIcon, UploadCloudIcon, XIcon } from 'lucide-react';
import { type ChangeEvent, type DragEvent, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';

type Props = {
  /** The uploaded image's URL ('' until an upload succeeds). */
  value: string;
  onChange: (url: string) => void;
  /** Sends the file and resolves to its URL. */
  upload: (file: File) => Promise<string>;
  /** Disabled, e.g. while editing a product whose image stays as it is. */
  disabled?: boolean;
  /** Shown instead of the drop zone's prompt when disabled (the current image). */
  currentImage?: string;
  error?: string;
  label?: string;
  className?: string;
};

const ACCEPT = 'image/jpeg,image/png,image/webp,image/avif';

/** Uploads at once on choose or drop, shows a placeholder meanwhile, and can drop the file. */
export function ImageUpload({
  value,
  onChange,
  upload,
  disabled = false,
  currentImage,
  error,
  label = 'Upload Image',
  className,
}: Props) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const attempt = useRef(0);
  const [file, setFile] = useState<File | null>(null);
  const [isUploading, setIsUploading] = useState(false);
  const [uploadError, setUploadError] = useState('');

  async function start(chosen: File | undefined) {
    if (!chosen || disabled) return;
    // A later choice or a removal wins over an upload still in flight.
    const mine = ++attempt.current;
    setFile(chosen);
    setUploadError('');
    setIsUploading(true);
    onChange('');
    try {
      const url = await upload(chosen);
      if (mine === attempt.current) onChange(url);
    } catch (err) {
      console.error('Image upload failed', err);
      if (mine === attempt.current) {
        setFile(null);
        setUploadError(err instanceof Error ? err.message : 'The image could not be uploaded');
      }
    } finally {
      if (mine === attempt.current) setIsUploading(false);
    }
  }

  function remove() {
    attempt.current += 1;
    setFile(null);
    setIsUploading(false);
    onChange('');
    if (inputRef.current) inputRef.current.value = '';
  }

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    void start(event.dataTransfer.files[0]);
  };
  const shownError = error || uploadError;

  return (
    <div className={cn('w-full', className)}>
      <Label htmlFor={id} className="mb-2 block text-base font-semibold">
        {label}
      </Label>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping is a pointer shortcut; the file input inside is the keyboard path */}
      <div
        onDragOver={(event) => event.preventDefault()}
        onDrop={onDrop}
        className={cn(
          'rounded-lg border-2 border-dashed p-4 focus-within:ring-2 focus-within:ring-ring',
          disabled && 'opacity-60',
          shownError && 'border-destructive',
        )}
      >
        <input
          id={id}
          ref={inputRef}
          type="file"
          accept={ACCEPT}
          className="sr-only"
          disabled={disabled}
          aria-invalid={Boolean(shownError)}
          aria-describedby={shownError ? `${id}-error` : undefined}
          onChange={(event: ChangeEvent<HTMLInputElement>) => void start(event.target.files?.[0])}
        />
        {disabled && currentImage ? (
          <div className="flex items-center gap-3">
            <img src={currentImage} alt="" className="size-16 rounded-md object-cover" />
            <p className="text-sm text-muted-foreground">The image stays as it is when editing.</p>
          </div>
        ) : !file ? (
          <label
            htmlFor={id}
            className={cn(
              'flex h-32 flex-col items-center justify-center gap-2 text-center',
              disabled ? 'cursor-not-allowed' : 'cursor-pointer',
            )}
          >
            <UploadCloudIcon className="size-10 text-muted-foreground" aria-hidden />
            <span className="text-sm">Drag &amp; drop or click to upload image</span>
            <span className="text-xs text-muted-foreground">
              JPEG, PNG, WebP or AVIF, up to 5 MB
            </span>
          </label>
        ) : isUploading ? (
          <div role="status" aria-label="Uploading image" className="flex items-center gap-3">
            <Skeleton className="size-16 shrink-0" />
            <Skeleton className="h-10 flex-1" />
          </div>
        ) : (
          <div className="flex items-center gap-3">
            {value ? (
              <img src={value} alt="" className="size-16 shrink-0 rounded-md object-cover" />
            ) : (
              <FileImageIcon className="size-8 shrink-0 text-primary" aria-hidden />
            )}
            <p className="min-w-0 flex-1 truncate text-sm font-medium">{file.name}</p>
            <Button type="button" variant="ghost" size="icon" onClick={remove}>
              <XIcon aria-hidden />
              <span className="sr-only">Remove file</span>
            </Button>
          </div>
        )}
      </div>
      {shownError ? (
        <p id={`${id}-error`} role="alert" className="mt-1.5 text-sm text-destructive">
          {shownError}
        </p>
      ) : null}
    </div>
  );
}
