/** The memo side panel, for the detail and the intake page. */
export { MemoPanel } from './MemoPanel';
export { CountedText, fieldErrorOf } from './CountedText';
