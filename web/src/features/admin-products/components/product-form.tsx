import { brandLabels, brands, categories, categoryLabels } from '@contract/catalog-constants';
import type { FormEvent, ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Input, Textarea } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import type { FieldErrors, ProductFormValues } from './product-form-values';

type Props = {
  values: ProductFormValues;
  onChange: (values: ProductFormValues) => void;
  errors: FieldErrors;
  formError?: string;
  onSubmit: () => void;
  submitLabel: 'Add' | 'Edit';
  isPending: boolean;
  /** With variants, the stock is their sum (shown, not typed). */
  variantStock?: number | undefined;
  /** The sizes and colours editor. */
  children?: ReactNode;
};

function Field({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className="grid content-start gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The product form of SPEC §2: every rule is checked before sending, errors sit by the field. */
export function ProductForm({
  values,
  onChange,
  errors,
  formError,
  onSubmit,
  submitLabel,
  isPending,
  variantStock,
  children,
}: Props) {
  const set = <K extends keyof ProductFormValues>(key: K, value: ProductFormValues[K]) =>
    onChange({ ...values, [key]: value });
  const aria = (key: keyof ProductFormValues) => ({
    id: `product-${key}`,
    'aria-invalid': Boolean(errors[key]),
    'aria-describedby': errors[key] ? `product-${key}-error` : undefined,
  });
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };

  return (
    <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-4">
      <Field id="product-title" label="Title" error={errors.title}>
        <Input
          {...aria('title')}
          value={values.title}
          maxLength={200}
          placeholder="Enter product title"
          onChange={(e) => set('title', e.target.value)}
        />
      </Field>
      <Field id="product-description" label="Description" error={errors.description}>
        <Textarea
          {...aria('description')}
          value={values.description}
          maxLength={5000}
          rows={4}
          placeholder="Enter product description"
          onChange={(e) => set('description', e.target.value)}
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="product-category" label="Category" error={errors.category}>
          <Select
            value={values.category === 'none' ? '' : values.category}
            onValueChange={(v) => set('category', v as ProductFormValues['category'])}
          >
            <SelectTrigger {...aria('category')}>
              <SelectValue placeholder="Category" />
            </SelectTrigger>
            <SelectContent>
              {categories.map((c) => (
                <SelectItem key={c} value={c}>
                  {categoryLabels[c]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </Field>
        <Field id="product-brand" label="Brand" error={errors.brand}>
          <Select
            value={values.brand === 'none' ? '' : values.brand}
            onValueChange={(v) => set('brand', v as ProductFormValues['brand'])}
          >
            <SelectTrigger {...aria('brand')}>
              <SelectValue placeholder="Brand" />
            </SelectTrigger>
            <SelectContent>
              {brands.map((b) => (
                <SelectItem key={b} value={b}>
                  {brandLabels[b]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </Field>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field id="product-price" label="Price" error={errors.price}>
          <Input
            {...aria('price')}
            type="number"
            inputMode="decimal"
            min="0.01"
            step="0.01"
            placeholder="0.00"
            value={values.price}
            onChange={(e) => set('price', e.target.value)}
          />
        </Field>
        <Field id="product-salePrice" label="Sale Price" error={errors.salePrice}>
          <Input
            {...aria('salePrice')}
            type="number"
            inputMode="decimal"
            min="0"
            step="0.01"
            placeholder="Optional"
            value={values.salePrice}
            onChange={(e) => set('salePrice', e.target.value)}
          />
        </Field>
        <Field id="product-totalStock" label="Total Stock" error={errors.totalStock}>
          <Input
            {...aria('totalStock')}
            type="number"
            inputMode="numeric"
            min="0"
            step="1"
            placeholder="Units"
            value={variantStock === undefined ? values.totalStock : String(variantStock)}
            readOnly={variantStock !== undefined}
            title={variantStock === undefined ? undefined : 'The sum of the sizes and colours'}
            onChange={(e) => set('totalStock', e.target.value)}
          />
        </Field>
      </div>
      {children}
      {errors.variants ? <p className="text-sm text-destructive">{errors.variants}</p> : null}
      {formError ? (
        <p role="alert" className="text-sm text-destructive">
          {formError}
        </p>
      ) : null}
      <Button type="submit" className="mt-2 w-full" disabled={isPending}>
        {submitLabel}
      </Button>
    </form>
  );
}
