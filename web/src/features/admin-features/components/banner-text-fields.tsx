import { useId } from 'react';
import { Input, Textarea } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/** What the admin types; empty strings mean "none" (the server stores null). */
export type BannerTextValues = { title: string; text: string; buttonLabel: string; link: string };

export const emptyBannerText: BannerTextValues = { title: '', text: '', buttonLabel: '', link: '' };

export const bannerTextOf = (banner: {
  title: string | null;
  text: string | null;
  buttonLabel: string | null;
  link: string | null;
}): BannerTextValues => ({
  title: banner.title ?? '',
  text: banner.text ?? '',
  buttonLabel: banner.buttonLabel ?? '',
  link: banner.link ?? '',
});

type Field = {
  key: keyof BannerTextValues;
  label: string;
  maxLength: number;
  placeholder: string;
  isWide?: boolean;
  isMultiline?: boolean;
  help?: string;
};

const fields: Field[] = [
  {
    key: 'title',
    label: 'Title (optional)',
    maxLength: 80,
    placeholder: 'e.g. Summer Collection',
    isWide: true,
  },
  {
    key: 'text',
    label: 'Text (optional)',
    maxLength: 200,
    placeholder: 'e.g. Light dresses, easy slides and sunny extras',
    isWide: true,
    isMultiline: true,
  },
  {
    key: 'buttonLabel',
    label: 'Button label (optional)',
    maxLength: 30,
    placeholder: 'e.g. Shop women',
  },
  {
    key: 'link',
    label: 'Button link (with a label)',
    maxLength: 500,
    placeholder: 'e.g. /shop/listing?category=women',
    help: 'A page of this shop starting with /, or a full https:// address.',
  },
];

/** Title, text, button label and link of a banner, shown as HTML over its picture. */
export function BannerTextFields({
  value,
  onChange,
}: {
  value: BannerTextValues;
  onChange: (value: BannerTextValues) => void;
}) {
  const id = useId();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {fields.map((field) => {
        const fieldId = `${id}-${field.key}`;
        const props = {
          id: fieldId,
          value: value[field.key],
          onChange: (event: { target: { value: string } }) =>
            onChange({ ...value, [field.key]: event.target.value }),
          maxLength: field.maxLength,
          placeholder: field.placeholder,
          'aria-describedby': field.help ? `${fieldId}-help` : undefined,
        };
        return (
          <div
            key={field.key}
            className={`grid content-start gap-2${field.isWide ? ' sm:col-span-2' : ''}`}
          >
            <Label htmlFor={fieldId}>{field.label}</Label>
            {field.isMultiline ? <Textarea {...props} rows={2} /> : <Input {...props} />}
            {field.help ? (
              <p id={`${fieldId}-help`} className="text-xs text-muted-foreground">
                {field.help}
              </p>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}
