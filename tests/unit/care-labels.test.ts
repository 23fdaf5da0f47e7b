import { careLabel, withFahrenheit } from '@contract/garment-constants';
import { describe, expect, it } from 'vitest';

describe('care temperatures', () => {
  it('stay in °C outside the US', () => {
    expect(careLabel('wash', '40-gentle')).toBe('Machine wash at 40 °C, gentle cycle');
    expect(careLabel('iron', 'low')).toBe('Iron at up to 110 °C, no steam');
  });

  it('carry °F beside °C in a US shop, rounded to the degree', () => {
    expect(careLabel('wash', '40-gentle', true)).toBe(
      'Machine wash at 40 °C (104 °F), gentle cycle',
    );
    expect(careLabel('wash', '95', true)).toBe('Machine wash at 95 °C (203 °F)');
    expect(careLabel('iron', 'high', true)).toBe('Iron at up to 200 °C (392 °F)');
    expect(careLabel('dry', 'line', true)).toBe('Line dry');
    expect(withFahrenheit('Wash at 30 °C or 60 °C')).toBe(
      'Wash at 30 °C (86 °F) or 60 °C (140 °F)',
    );
  });
});
