import { describe, expect, it } from 'vitest';
import { moveItem, newNeighbour, positionBeside, stepTarget } from './task.order';

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

describe('the position among all the company’s tasks', () => {
  // All tasks in order; 2 and 4 are done and hidden by the list's filter of open tasks.
  const sortOrder = [1, 2, 3, 4, 5, 6];

  it('puts the task just after the open task it now follows on the screen', () => {
    // Shown: 1 3 5 6; task 1 moved down one step shows as 3 1 5 6 and goes just after 3.
    expect(newNeighbour([3, 1, 5, 6], 1)).toEqual({ id: 3, side: 'after' });
    expect(positionBeside(sortOrder, 1, { id: 3, side: 'after' })).toBe(2);
    // Task 6 moved up past 5: shown 1 3 6 5, it follows 3, which is at index 2 once 6 is taken out.
    expect(positionBeside(sortOrder, 6, { id: 3, side: 'after' })).toBe(3);
  });

  it('puts a task moved to the top of the screen just before the task now below it', () => {
    expect(positionBeside(sortOrder, 5, { id: 1, side: 'before' })).toBe(0);
    expect(positionBeside(sortOrder, 5, { id: 3, side: 'before' })).toBe(2);
  });

  it('gives the same answer from only the first part of the order, as long as it reaches the neighbour', () => {
    expect(positionBeside([1, 2, 3], 6, { id: 3, side: 'after' })).toBe(3);
  });

  it('answers nothing when the neighbour is not in the order read', () => {
    expect(positionBeside([1, 2], 6, { id: 3, side: 'after' })).toBeNull();
  });
});
