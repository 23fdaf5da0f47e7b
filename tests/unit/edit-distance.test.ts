import { describe, expect, it } from 'vitest';
import { editDistance } from '../../server/src/lib/edit-distance';

describe('editDistance', () => {
  it.each([
    ['jacket', 'jacket', 0],
    ['jacekt', 'jacket', 1],
    ['sneakr', 'sneaker', 1],
    ['addidas', 'adidas', 1],
    ['hoodei', 'hoodie', 1],
    ['dres', 'dress', 1],
    ['kitten', 'sitting', 3],
    ['', 'abc', 3],
  ])('%s -> %s is %i', (a, b, distance) => {
    expect(editDistance(a, b)).toBe(distance);
    expect(editDistance(b, a)).toBe(distance);
  });
});
