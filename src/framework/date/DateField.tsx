import { useRef, type ChangeEvent } from 'react';
import { IconButton, InputAdornment, TextField, type TextFieldProps } from '@mui/material';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import { useTranslate } from 'react-admin';
import { DATE_YMD } from '../../domain/patterns';

/** What the field shows while typing: digits grouped as YYYY-MM-DD, whatever was pasted or typed. */
export function maskYmd(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 8);
  return [digits.slice(0, 4), digits.slice(4, 6), digits.slice(6, 8)].filter(Boolean).join('-');
}

export type DateFieldProps = Omit<TextFieldProps, 'type' | 'value' | 'onChange'> & {
  /** YYYY-MM-DD, or what the user is typing; '' when empty. */
  value: string;
  onChange: (value: string) => void;
  /** Bounds for the calendar, YYYY-MM-DD. */
  min?: string;
  max?: string;
};

/**
 * A date field that always reads YYYY-MM-DD (issue 9 B11). A native <input type="date"> shows the
 * browser locale's format (mm/dd/yyyy in an English Chromium), so the field is text with that mask,
 * and the calendar button opens the browser's own picker on a hidden date input: its value is
 * YYYY-MM-DD in every locale, and no date-picker library weighs on the bundle.
 */
export function DateField({ value, onChange, min, max, disabled, slotProps, ...props }: DateFieldProps) {
  const translate = useTranslate();
  const picker = useRef<HTMLInputElement>(null);
  const openPicker = () => {
    const input = picker.current;
    if (!input) return;
    // showPicker is missing in older browsers; focusing the field there leaves typing.
    if (typeof input.showPicker === 'function') input.showPicker();
  };
  const htmlInput = (slotProps?.htmlInput ?? {}) as Record<string, unknown>;
  return (
    <TextField
      {...props}
      disabled={disabled}
      value={value}
      onChange={(e: ChangeEvent<HTMLInputElement>) => onChange(maskYmd(e.target.value))}
      slotProps={{
        ...slotProps,
        inputLabel: { shrink: true, ...(slotProps?.inputLabel as object | undefined) },
        htmlInput: { inputMode: 'numeric', placeholder: 'YYYY-MM-DD', maxLength: 10, autoComplete: 'off', ...htmlInput },
        input: {
          endAdornment: (
            <InputAdornment position="end" sx={{ position: 'relative' }}>
              <IconButton size="small" edge="end" onClick={openPicker} disabled={disabled} aria-label={translate('app.list.openCalendar')}>
                <CalendarMonthIcon fontSize="small" />
              </IconButton>
              <input
                ref={picker}
                type="date"
                tabIndex={-1}
                aria-hidden
                value={DATE_YMD.test(value) ? value : ''}
                min={min}
                max={max ?? '9999-12-31'}
                onChange={(e) => onChange(e.target.value)}
                style={{ position: 'absolute', right: 0, bottom: 0, width: 1, height: 1, opacity: 0, border: 0, padding: 0, pointerEvents: 'none' }}
              />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
