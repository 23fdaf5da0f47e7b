import type { Product } from '@contract/catalog';
import { type ReactNode, useState } from 'react';
import { ImageUpload } from '@/components/ui/image-upload';
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
} from '@/components/ui/sheet';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useAddProduct } from '../api/add-product';
import { useEditProduct } from '../api/edit-product';
import { uploadImage } from '../api/upload-image';
import { GarmentEditor } from './garment-editor';
import { garmentBody, garmentValuesOf } from './garment-values';
import { ProductForm } from './product-form';
import {
  errorsFromServer,
  type FieldErrors,
  initialFormValues,
  toProductInput,
  valuesFromProduct,
} from './product-form-values';
import { optionsBody, rowsOf, type VariantRow, VariantsEditor } from './variants-editor';

type Props = {
  open: boolean;
  /** The product being edited; null in add mode. */
  editing: Product | null;
  /** Closes the sheet; the page clears the edit target. */
  onClose: () => void;
  /** After a successful add (the new product is first on page 1). */
  onAdded?: () => void;
  /** The size charts a product may point at (the page reads them). */
  charts?: { _id: string; name: string }[];
  /** Shown under the form when editing: the product's audit history (the page supplies it). */
  history?: ReactNode;
};

/** The right-side sheet: 'Add New Product' or 'Edit Product', the uploader and the form. */
export function ProductSheet({ open, editing, onClose, onAdded, charts = [], history }: Props) {
  return (
    <Sheet open={open} onOpenChange={(isOpen) => !isOpen && onClose()}>
      <SheetContent side="right" className="w-full sm:max-w-lg">
        <SheetHeader>
          <SheetTitle>{editing ? 'Edit Product' : 'Add New Product'}</SheetTitle>
          <SheetDescription className="sr-only">
            {editing
              ? 'Change the product’s details.'
              : 'Upload an image and describe the product.'}
          </SheetDescription>
        </SheetHeader>
        {/* Mounted only while open: closing the sheet drops the form, the file and the url. */}
        {open ? (
          <SheetBody editing={editing} onDone={onClose} onAdded={onAdded} charts={charts} />
        ) : null}
        {open && editing ? history : null}
      </SheetContent>
    </Sheet>
  );
}

function SheetBody({
  editing,
  onDone,
  onAdded,
  charts,
}: {
  editing: Product | null;
  onDone: () => void;
  onAdded?: () => void;
  charts: { _id: string; name: string }[];
}) {
  const [garment, setGarment] = useState(() => garmentValuesOf(editing));
  const [values, setValues] = useState(editing ? valuesFromProduct(editing) : initialFormValues);
  const [imageUrl, setImageUrl] = useState(editing?.image ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [rows, setRows] = useState<VariantRow[]>(rowsOf(editing?.variants ?? []));
  const [colorImages, setColorImages] = useState<Record<string, string>>(
    Object.fromEntries((editing?.colorImages ?? []).map((i) => [i.color, i.image])),
  );
  const [formError, setFormError] = useState('');
  const addMutation = useAddProduct();
  const editMutation = useEditProduct();

  const showServerError = (error: unknown) => {
    const message = error instanceof ApiError ? error.message : 'Something went wrong';
    const byField = errorsFromServer(message);
    setErrors(byField);
    setFormError(Object.keys(byField).length > 0 ? '' : message);
  };

  const submit = () => {
    const result = toProductInput(values, imageUrl, {
      ...optionsBody(rows, colorImages),
      ...garmentBody(garment),
    });
    setFormError('');
    if (result.errors) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    if (editing) {
      editMutation.mutate(
        { id: editing._id, body: result.body },
        { onSuccess: onDone, onError: showServerError },
      );
    } else {
      addMutation.mutate(result.body, {
        onSuccess: () => {
          onDone();
          onAdded?.();
          toast.success('Product add successfully');
        },
        onError: showServerError,
      });
    }
  };

  return (
    <div className="flex flex-col gap-6 pb-6">
      <ImageUpload
        value={editing ? '' : imageUrl}
        onChange={(url) => {
          setImageUrl(url);
          if (url) setErrors((e) => ({ ...e, image: undefined }));
        }}
        upload={uploadImage}
        disabled={Boolean(editing)}
        currentImage={editing?.image}
        error={errors.image}
      />
      <ProductForm
        values={values}
        onChange={setValues}
        errors={errors}
        formError={formError}
        onSubmit={submit}
        submitLabel={editing ? 'Edit' : 'Add'}
        isPending={addMutation.isPending || editMutation.isPending}
        variantStock={
          rows.length ? rows.reduce((n, r) => n + (Number(r.stock) || 0), 0) : undefined
        }
      >
        <VariantsEditor
          rows={rows}
          onRows={setRows}
          colorImages={colorImages}
          onColorImages={setColorImages}
        />
        <GarmentEditor values={garment} onChange={setGarment} charts={charts} errors={errors} />
      </ProductForm>
    </div>
  );
}
