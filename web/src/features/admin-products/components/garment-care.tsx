import {
  type Care,
  type CareKey,
  careKeyLabels,
  careKeys,
  careLabels,
  careOptions,
} from '@contract/garment-constants';
import { Label } from '@/components/ui/label';
import { garmentSelectClass } from './garment-values';

export const defaultCare: Care = {
  wash: '30',
  bleach: 'no',
  dry: 'tumble-low',
  iron: 'medium',
  dryClean: 'no',
};

/** The product form's care label: none, or one symbol of each kind. */
export function CareFieldset({
  id,
  care,
  onChange,
  error,
}: {
  id: string;
  care: Care | null;
  onChange: (care: Care | null) => void;
  error?: string;
}) {
  return (
    <fieldset className="grid gap-3 rounded-md border p-3">
      <legend className="px-1 text-sm font-medium">Care label</legend>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="size-4 accent-black"
          checked={care !== null}
          onChange={(e) => onChange(e.target.checked ? defaultCare : null)}
        />
        This product has care instructions
      </label>
      {care && (
        <div className="grid gap-3 sm:grid-cols-2">
          {careKeys.map((key) => (
            <CareSelect
              key={key}
              id={`${id}-care-${key}`}
              careKey={key}
              value={care[key]}
              onChange={(value) => onChange({ ...care, [key]: value })}
            />
          ))}
        </div>
      )}
      {error ? <p className="text-sm text-destructive">{error}</p> : null}
    </fieldset>
  );
}

function CareSelect({
  id,
  careKey,
  value,
  onChange,
}: {
  id: string;
  careKey: CareKey;
  value: string;
  onChange: (value: string) => void;
}) {
  const labels = careLabels[careKey] as Record<string, string>;
  return (
    <div className="grid gap-1">
      <Label htmlFor={id} className="text-xs">
        {careKeyLabels[careKey]}
      </Label>
      <select
        id={id}
        className={`${garmentSelectClass} h-9`}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      >
        {careOptions[careKey].map((option) => (
          <option key={option} value={option}>
            {labels[option]}
          </option>
        ))}
      </select>
    </div>
  );
}
