import { describe, expect, it } from 'vitest';
import { customerKey } from '../../server/src/modules/discounts/discounts.service';

describe('the customer a per-customer code limit counts', () => {
  it('is the email trimmed, in lower case, without the +tag of its local part; dots kept', () => {
    expect(customerKey(' Ann+shop@X.com ')).toBe('ann@x.com');
    expect(customerKey('A+1@x.com')).toBe('a@x.com');
    expect(customerKey('a.b+1+2@x.com')).toBe('a.b@x.com');
    expect(customerKey('a+@x.com')).toBe('a@x.com');
    expect(customerKey('first.last@x.com')).toBe('first.last@x.com');
    // Nothing before the +: the address is kept as it is (the migration's SQL does the same).
    expect(customerKey('+tag@x.com')).toBe('+tag@x.com');
  });
});
