/** The memo side panel, for the detail and the intake page; the counted text, also the intake's. */
export { MemoPanel } from './MemoPanel';
export { CountedText, fieldErrorOf } from './CountedText';
export { useLengthLimit } from './useLengthLimit';
