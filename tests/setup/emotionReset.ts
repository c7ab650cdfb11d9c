import { createElement } from 'react';
import { cleanup, render } from '@testing-library/react';
import { __unsafe_useEmotionCache, type EmotionCache } from '@emotion/react';

/**
 * MUI's emotion adds a <style> per rule to the document's head and keeps it for the page's life.
 * A test file is one page, so each test inherited every rule of the tests before it (1,300+ by the
 * middle of guarantee.test.tsx), and jsdom matches every rule against the element on each
 * getComputedStyle, which testing-library's role queries and user-event's pointer checks call for
 * an element and its ancestors: the later tests of a file ran 3 to 6 times slower than alone.
 * After each test (its tree unmounted) the default cache forgets its rules, so the next test
 * inserts just the rules it renders, as a fresh page would.
 */
let cache: EmotionCache | null = null;
function Capture() {
  cache = __unsafe_useEmotionCache();
  return null;
}
render(createElement(Capture));
cleanup();

afterEach(() => {
  // Unmounts first (testing-library's own cleanup runs after this hook): no mounted tree loses its styles.
  cleanup();
  if (!cache) return;
  cache.sheet.flush();
  for (const name of Object.keys(cache.inserted)) delete cache.inserted[name];
});
