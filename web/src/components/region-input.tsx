import { addressRegionMax } from '@contract/limits';
import { listedRegionCode, listedRegions, regionKind } from '@contract/listed-regions';
import type { ComponentProps } from 'react';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';

type Props = {
  id: string;
  country: string;
  value: string;
  onChange: (region: string) => void;
  /** The list's first choice, which leaves the region out ("From the ZIP code"). */
  emptyLabel?: string;
  /** The free-text field's own attributes, for a country without a list. */
  textProps?: ComponentProps<'input'>;
  onBlur?: () => void;
} & Pick<ComponentProps<'select'>, 'aria-invalid' | 'aria-describedby'>;

/**
 * An address's region: the browser's <select> of its country's regions where there is a list
 * (the US, Canada, the EU), so autofill's `address-level1` lands on an option, else a text field.
 */
export function RegionInput({
  id,
  country,
  value,
  onChange,
  emptyLabel = 'Not given',
  textProps,
  ...aria
}: Props) {
  const list = listedRegions(country);
  if (!list) {
    return (
      <Input
        id={id}
        name="region"
        autoComplete="address-level1"
        maxLength={addressRegionMax}
        {...textProps}
        {...aria}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  }
  // A saved or typed value not on the list (one kept before the lists) stays visible, marked.
  const code = value.trim() === '' ? '' : (listedRegionCode(country, value) ?? value);
  const isListed = code === '' || list.some((r) => r.code === code);
  return (
    <NativeSelect
      id={id}
      name="region"
      autoComplete="address-level1"
      {...aria}
      value={code}
      onChange={(e) => onChange(e.target.value)}
    >
      <option value="">{emptyLabel}</option>
      {!isListed && (
        <option value={code}>
          {code} (not a {regionKind(country)?.kind})
        </option>
      )}
      {list.map((r) => (
        <option key={r.code} value={r.code}>
          {r.name}
        </option>
      ))}
    </NativeSelect>
  );
}

/** The hint under a region field with a list: "Your state (Land)". */
export function listedRegionHint(country: string) {
  const kind = regionKind(country);
  return kind && listedRegions(country) ? `Your ${kind.kind}` : undefined;
}

/** What the region field says below itself, for this country. */
export function regionHint(country: string) {
  if (country === 'US') return 'Your state. Left empty, the ZIP code’s state is used';
  return (
    listedRegionHint(country) ??
    'The state, province or county code, where your country has them (tax may depend on it)'
  );
}
