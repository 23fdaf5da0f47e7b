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

/** Title, text, button label and link of a banner, shown as HTML over its picture. */
export function BannerTextFields({
  value,
  onChange,
}: {
  value: BannerTextValues;
  onChange: (value: BannerTextValues) => void;
}) {
  const id = useId();
  const set = (key: keyof BannerTextValues) => (event: { target: { value: string } }) =>
    onChange({ ...value, [key]: event.target.value });
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="grid content-start gap-2 sm:col-span-2">
        <Label htmlFor={`${id}-title`}>Title (optional)</Label>
        <Input
          id={`${id}-title`}
          value={value.title}
          onChange={set('title')}
          maxLength={80}
          placeholder="e.g. Summer Collection"
        />
      </div>
      <div className="grid content-start gap-2 sm:col-span-2">
        <Label htmlFor={`${id}-text`}>Text (optional)</Label>
        <Textarea
          id={`${id}-text`}
          value={value.text}
          onChange={set('text')}
          maxLength={200}
          rows={2}
          placeholder="e.g. Light dresses, easy slides and sunny extras"
        />
      </div>
      <div className="grid content-start gap-2">
        <Label htmlFor={`${id}-button`}>Button label (optional)</Label>
        <Input
          id={`${id}-button`}
          value={value.buttonLabel}
          onChange={set('buttonLabel')}
          maxLength={30}
          placeholder="e.g. Shop women"
        />
      </div>
      <div className="grid content-start gap-2">
        <Label htmlFor={`${id}-link`}>Button link (with a label)</Label>
        <Input
          id={`${id}-link`}
          value={value.link}
          onChange={set('link')}
          maxLength={500}
          placeholder="e.g. /shop/listing?category=women"
          aria-describedby={`${id}-link-help`}
        />
        <p id={`${id}-link-help`} className="text-xs text-muted-foreground">
          A page of this shop starting with /, or a full https:// address.
        </p>
      </div>
    </div>
  );
}
