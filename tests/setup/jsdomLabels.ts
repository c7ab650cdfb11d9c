/**
 * jsdom's `label.control` walks the whole document to find the element of `for`, and an input's
 * `labels` asks `control` of every label: one `labels` read is (labels × nodes). testing-library
 * reads `labels` for every candidate of getByLabelText and of an accessible name (getByRole with
 * `name`), and user-event on every pointer action, so on a form page with MUI's many labels and
 * buttons these two getters were a third of a test's CPU. Same answers per the HTML spec
 * (https://html.spec.whatwg.org/#dom-label-control), found through the document's id index and
 * one pass over the labels instead. Test environment only.
 */

const LABELABLE = 'button, meter, output, progress, select, textarea, input:not([type="hidden" i])';

const isLabelable = (el: Element | null): el is HTMLElement => el !== null && el.matches(LABELABLE);

const originalControl = Object.getOwnPropertyDescriptor(HTMLLabelElement.prototype, 'control')!.get!;

Object.defineProperty(HTMLLabelElement.prototype, 'control', {
  configurable: true,
  enumerable: true,
  get(this: HTMLLabelElement): HTMLElement | null {
    const root = this.getRootNode();
    // A label outside a document (a detached tree, a shadow root) keeps jsdom's own walk.
    if (!(root instanceof Document)) return originalControl.call(this) as HTMLElement | null;
    if (this.hasAttribute('for')) {
      const id = this.getAttribute('for')!;
      if (id === '') return null;
      const target = root.getElementById(id);
      return isLabelable(target) ? target : null;
    }
    return this.querySelector<HTMLElement>(LABELABLE);
  },
});

for (const ctor of [HTMLInputElement, HTMLButtonElement, HTMLSelectElement, HTMLTextAreaElement, HTMLOutputElement, HTMLMeterElement, HTMLProgressElement]) {
  Object.defineProperty(ctor.prototype, 'labels', {
    configurable: true,
    enumerable: true,
    get(this: HTMLElement): NodeListOf<HTMLLabelElement> | null {
      if (!isLabelable(this)) return null;
      const labels = Array.from((this.getRootNode() as ParentNode).querySelectorAll('label'));
      // A snapshot, not jsdom's live list: testing-library and user-event only read it at once.
      return labels.filter((label) => label.control === this) as unknown as NodeListOf<HTMLLabelElement>;
    },
  });
}
