import { describe, expect, it } from 'vitest';
import { jsdomLabels } from './fastLabels';

// The test setup replaces jsdom's `labels` (installFastLabels): every labelable element must get jsdom's own answer.
describe('fast element.labels (test environment)', () => {
  it('answers as jsdom does for for-labels, wrapping labels, duplicate ids, hidden inputs and detached trees', () => {
    document.body.innerHTML = `
      <label id="l1" for="a">A</label>
      <input id="a" />
      <label id="l2">B <input id="b" /> <input id="b2" /></label>
      <label id="l3" for="a">A again <input id="c" /></label>
      <div><label id="l4" for="dup">dup</label><input id="dup" /><select id="dup"></select></div>
      <label id="l5"><input type="hidden" id="h" /><textarea id="t"></textarea></label>
      <label id="l6" for="missing"><button id="btn">x</button></label>
      <label id="l7" for="">empty <meter id="m"></meter></label>
      <input id="nolabel" /><progress id="p"></progress><output id="o"></output>
      <label id="l8" for="s"><label id="l9"><select id="s"></select></label></label>
    `;
    const detached = document.createElement('label');
    detached.innerHTML = '<input id="d" />';
    const all = [...Array.from(document.body.querySelectorAll<HTMLElement>('input, select, textarea, button, meter, progress, output')), detached.querySelector('input')!];
    const ids = (list: ArrayLike<HTMLElement> | null) => (list ? Array.from(list, (l) => l.id) : null);
    for (const el of all) {
      const fast = (el as HTMLInputElement).labels;
      expect(ids(fast), `${el.tagName}#${el.id}`).toEqual(ids(jsdomLabels(el)));
    }
    // The cases above do cover something: labels found through for, through wrapping, both, and none.
    expect(ids((document.getElementById('a') as HTMLInputElement).labels)).toEqual(['l1', 'l3']);
    expect(ids((document.getElementById('b') as HTMLInputElement).labels)).toEqual(['l2']);
    expect(ids((document.getElementById('s') as HTMLSelectElement).labels)).toEqual(['l8', 'l9']);
    expect(ids((document.getElementById('b2') as HTMLInputElement).labels)).toEqual([]);
  });
});
