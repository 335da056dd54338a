import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useHistory } from './history';

describe('the designer\'s undo history', () => {
  it('undoes and redoes steps, a replace changes the present without a step, a new step drops the redo', () => {
    const { result } = renderHook(() => useHistory(1));
    act(() => result.current.set(2));
    act(() => result.current.set(3));
    act(() => result.current.set(4, true));
    act(() => result.current.undo());
    expect(result.current.present).toBe(2);
    act(() => result.current.redo());
    expect(result.current.present).toBe(4);
    act(() => result.current.undo());
    act(() => result.current.set(9));
    expect(result.current.canRedo).toBe(false);
    act(() => result.current.undo());
    act(() => result.current.undo());
    expect(result.current.present).toBe(1);
    expect(result.current.canUndo).toBe(false);
    act(() => result.current.reset(7));
    expect([result.current.present, result.current.canUndo, result.current.canRedo]).toEqual([7, false, false]);
  });
});
