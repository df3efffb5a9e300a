import { describe, expect, it } from 'vitest';
import { moveItem, newNeighbour, stepTarget } from './task.order';

describe('moving a task in the list', () => {
  it('takes the item out and puts it in at the new place', () => {
    expect(moveItem(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveItem(['a', 'b', 'c', 'd'], 3, 0)).toEqual(['d', 'a', 'b', 'c']);
  });

  it('leaves the list as it was for a move out of range or to the same place', () => {
    expect(moveItem(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
    expect(moveItem(['a', 'b'], 0, 2)).toEqual(['a', 'b']);
    expect(moveItem(['a', 'b'], -1, 0)).toEqual(['a', 'b']);
  });

  it('steps one place up or down, and not past either end', () => {
    expect(stepTarget(1, 'up', 3)).toBe(0);
    expect(stepTarget(1, 'down', 3)).toBe(2);
    expect(stepTarget(0, 'up', 3)).toBeNull();
    expect(stepTarget(2, 'down', 3)).toBeNull();
  });

  it('finds the neighbour above the moved task, or below it at the top', () => {
    expect(newNeighbour([5, 7, 9], 7)).toEqual({ id: 5, side: 'after' });
    expect(newNeighbour([7, 5, 9], 7)).toEqual({ id: 5, side: 'before' });
    expect(newNeighbour([7], 7)).toBeNull();
    expect(newNeighbour([5, 9], 7)).toBeNull();
  });
});
