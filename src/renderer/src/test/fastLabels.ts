/**
 * `element.labels` as the HTML standard defines it — the label elements whose labeled control is the element, in tree
 * order — computed from the element's side. jsdom computes it from every label's side: it walks the whole document and
 * asks each label for its `control`, which for `<label for>` walks the document again (getElementById). Testing
 * Library asks every element for its labels in each `*ByLabelText` query and each accessible name, so a screen's
 * query costs (labels × elements): a quarter of the renderer tests' time on the form screens (CPU profile,
 * 2026-11-28). Same answers, as an array (callers read `length`, index and iterate).
 */
const LABELABLE = 'button, input:not([type="hidden" i]), meter, output, progress, select, textarea';

type Labelable = HTMLElement & { labels: NodeListOf<HTMLLabelElement> | null };

const originals = new Map<object, () => NodeListOf<HTMLLabelElement> | null>();

/** jsdom's own answer for `el.labels`, before installFastLabels replaced it (for the test that compares both). */
export function jsdomLabels(el: HTMLElement): HTMLLabelElement[] | null {
  for (let proto = Object.getPrototypeOf(el); proto; proto = Object.getPrototypeOf(proto)) {
    const slow = originals.get(proto);
    if (slow) {
      const list = slow.call(el);
      return list ? Array.from(list) : null;
    }
  }
  return null;
}

export function installFastLabels(win: Window & typeof globalThis): void {
  const classes = [
    win.HTMLInputElement, win.HTMLButtonElement, win.HTMLSelectElement, win.HTMLTextAreaElement,
    win.HTMLMeterElement, win.HTMLOutputElement, win.HTMLProgressElement,
  ];
  for (const cls of classes) {
    const original = Object.getOwnPropertyDescriptor(cls.prototype, 'labels');
    if (!original?.get) continue;
    const slow = original.get;
    if (originals.has(cls.prototype)) continue;
    originals.set(cls.prototype, slow);
    Object.defineProperty(cls.prototype, 'labels', {
      ...original,
      get(this: Labelable) {
        // A hidden input has no labels (null), as jsdom answers.
        if (this instanceof win.HTMLInputElement && this.type.toLowerCase() === 'hidden') return slow.call(this);
        const root = this.getRootNode();
        // Outside a document (a detached tree, a shadow root) the element's side is not worth it: jsdom's own answer.
        if (!(root instanceof win.Document)) return slow.call(this);
        const found: HTMLLabelElement[] = [];
        // <label for="id">: its control is the first element with that id, so only when this one is that element.
        if (this.id !== '' && root.getElementById(this.id) === this) {
          for (const label of Array.from(root.getElementsByTagName('label'))) {
            if (label.getAttribute('for') === this.id) found.push(label);
          }
        }
        // <label> without for: its control is its first labelable descendant.
        for (let up = this.parentElement; up; up = up.parentElement) {
          if (up instanceof win.HTMLLabelElement && !up.hasAttribute('for') && up.querySelector(LABELABLE) === this) found.push(up);
        }
        return found.sort((a, b) => (a === b ? 0 : a.compareDocumentPosition(b) & win.Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
      },
    });
  }
}
