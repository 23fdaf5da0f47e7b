import { describe, expect, it } from 'vitest';
import { ChangeListeners } from '../../server/src/lib/change-listeners';

describe('ChangeListeners', () => {
  it('tells every listener of each change, in the order they were added, before emit returns', () => {
    const changes = new ChangeListeners<string[]>();
    const heard: string[] = [];
    changes.on((ids) => heard.push(`first ${ids.join(',')}`));
    changes.on((ids) => heard.push(`second ${ids.join(',')}`));
    changes.emit(['a', 'b']);
    expect(heard).toEqual(['first a,b', 'second a,b']);
    changes.emit(['c']);
    expect(heard).toEqual(['first a,b', 'second a,b', 'first c', 'second c']);
  });

  it('takes no value when the change names nothing', () => {
    const changes = new ChangeListeners();
    let count = 0;
    changes.on(() => count++);
    changes.emit();
    changes.emit();
    expect(count).toBe(2);
  });

  it('stops telling a listener once it is removed, and keeps telling the others', () => {
    const changes = new ChangeListeners<number>();
    const kept: number[] = [];
    const dropped: number[] = [];
    changes.on((n) => kept.push(n));
    const off = changes.on((n) => dropped.push(n));
    changes.emit(1);
    off();
    changes.emit(2);
    expect(kept).toEqual([1, 2]);
    expect(dropped).toEqual([1]);
  });

  it('does nothing with no listener', () => {
    expect(() => new ChangeListeners<string>().emit('x')).not.toThrow();
  });
});
