import { useState, type ClipboardEvent, type ReactNode } from 'react';
import { Box } from '@mui/material';
import { useTranslate } from 'react-admin';

/**
 * A text's counter and its word at the limit (issue 23 #20): the browser's maxLength drops what goes
 * over silently, so at `max` characters the helper says so, and a paste that went over says that it
 * was cut (while the text is as that paste left it). Shared by CountedText and the intake's 요청 내용.
 */
export function useLengthLimit(value: string, max: number): { helperText: ReactNode; onPaste: (e: ClipboardEvent<HTMLElement>) => void } {
  const translate = useTranslate();
  // The text as a paste over the limit left it (the paste event comes before the text changes).
  const [cutText, setCutText] = useState<string | null>(null);
  const counter = translate('afterService.detail.counter', { count: value.length, max });
  const word = value === cutText ? 'cut' : value.length >= max ? 'reached' : null;
  return {
    helperText: word ? (
      <Box component="span" role="status" sx={{ color: 'warning.dark' }}>
        {`${counter} · ${translate(`afterService.limit.${word}`, { max: max.toLocaleString('ko-KR') })}`}
      </Box>
    ) : counter,
    onPaste: (e) => {
      const box = e.target as HTMLInputElement | HTMLTextAreaElement;
      const start = box.selectionStart ?? box.value.length;
      const end = box.selectionEnd ?? start;
      // The pasted text replaces the selection; the box keeps as much of it as fits.
      const room = max - (box.value.length - (end - start));
      const pasted = e.clipboardData.getData('text').replace(/\r\n?/g, '\n');
      setCutText(pasted.length > room ? box.value.slice(0, start) + pasted.slice(0, Math.max(room, 0)) + box.value.slice(end) : null);
    },
  };
}
