import { describe, expect, it } from 'vitest';
import { activeAreaPath } from './active-area';

const paths = [
  '/bakeri/',
  '/bakeri/task',
  '/bakeri/task/template-global',
  '/bakeri/bank',
  '/bakeri/bank-management',
];

describe('the menu entry of the address', () => {
  it('is the area the address is in, or one of its pages', () => {
    expect(activeAreaPath(paths, '/bakeri/task')).toBe('/bakeri/task');
    expect(activeAreaPath(paths, '/bakeri/task/label')).toBe('/bakeri/task');
    expect(activeAreaPath(paths, '/bakeri/bank-management')).toBe('/bakeri/bank-management');
  });

  it('is the longest of the areas the address is in', () => {
    expect(activeAreaPath(paths, '/bakeri/task/template-global')).toBe('/bakeri/task/template-global');
  });

  it('is the front page only on the front page itself', () => {
    expect(activeAreaPath(paths, '/bakeri/')).toBe('/bakeri/');
    expect(activeAreaPath(paths, '/bakeri/unknown')).toBeUndefined();
  });
});
