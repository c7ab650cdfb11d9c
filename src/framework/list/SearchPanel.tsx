import { useId, useRef, useState, type ClipboardEvent, type KeyboardEvent, type ReactNode } from 'react';
import { Box, Button, Checkbox, FormControlLabel, FormGroup, Paper, Radio, RadioGroup, Stack, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { DATE_PRESETS, DATE_PRESET_LABELS, dateRangeFor, joinPastedLines, splitSearchTerms, type DatePreset } from '../../domain/listQuery';
import { clock } from '../../providers/session';
import { isYmd } from '../../domain/seoulDay';
import { DateField } from '../date/DateField';
import { emptySearchValues, pickSearch, sameSearch, type FilterSpec, type ListSearchValues, type SearchDeclaration } from './urlParams';

export interface SearchPanelProps {
  declaration: SearchDeclaration;
  /** The applied search (from the URL); the panel edits a draft of it until 검색. */
  values: ListSearchValues;
  onSearch: (values: ListSearchValues) => void;
  onReset: () => void;
}

/** The preset whose range equals the given one today, if any ('all' = no bounds). */
export function activePreset(startDate: string | null, endDate: string | null, today: Date): DatePreset | null {
  return DATE_PRESETS.find((p) => {
    const range = dateRangeFor(p, today);
    return range.startDate === (startDate || null) && range.endDate === (endDate || null);
  }) ?? null;
}

/** The search field shows terms as "a, b"; the URL and the API get "a,b". */
const displayText = (searchText: string) => searchText.split(',').filter(Boolean).join(', ');

/** A labelled row: label beside the controls from 600 px, above them below (the 500 px mobile layout). */
function Row({ label, labelId, children }: { label: string; labelId?: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, alignItems: { xs: 'stretch', sm: 'center' }, gap: { xs: 0.5, sm: 2 }, py: 1 }}>
      <Typography id={labelId} variant="body2" sx={{ fontWeight: 700, width: { sm: 120 }, flexShrink: 0 }}>
        {label}
      </Typography>
      <Box sx={{ flex: 1, minWidth: 0 }}>{children}</Box>
    </Box>
  );
}

/**
 * The list search panel (spec 2 "List search panel"), rendered from a declaration: a search field
 * with a type dropdown, a date range with presets, radio/select/checkbox filters, 검색 and 초기화.
 *
 * Hangul IME: while a composition is in progress the value is never submitted or transformed; Enter
 * that ends a composition (isComposing, or keyCode 229 in Safari) does not search.
 */
export function SearchPanel({ declaration, values, onSearch, onReset }: SearchPanelProps) {
  const translate = useTranslate();
  const t = (key: string) => translate(key, { _: key });
  const id = useId();
  const [draft, setDraft] = useState<ListSearchValues>(() => pickSearch(values));
  const [text, setText] = useState(displayText(values.searchText));
  const composing = useRef(false);

  // The URL changed (Back, a link): the draft follows it. A page or sort change keeps the draft,
  // and so does the arrival of the search this panel asked for: the URL lands after a render, and
  // a choice made while the list loads must not be undone by it.
  const [applied, setApplied] = useState(() => pickSearch(values));
  const [requested, setRequested] = useState<ListSearchValues | null>(null);
  if (!sameSearch(applied, values)) {
    setApplied(pickSearch(values));
    setRequested(null);
    if (!requested || !sameSearch(requested, values)) {
      setDraft(pickSearch(values));
      setText(displayText(values.searchText));
    }
  }
  const request = (next: ListSearchValues) => setRequested(sameSearch(next, applied) ? null : next);

  const terms = splitSearchTerms(text);
  const tooMany = terms === null;
  // A day typed by hand is searched only once it is a real YYYY-MM-DD day.
  const startFormatError = Boolean(draft.startDate && !isYmd(draft.startDate));
  const endFormatError = Boolean(draft.endDate && !isYmd(draft.endDate));
  const dateOrderError = Boolean(draft.startDate && draft.endDate && draft.startDate > draft.endDate);
  const dateError = dateOrderError || startFormatError || endFormatError;
  const today = new Date(clock.now());
  const preset = declaration.dateRange ? activePreset(draft.startDate, draft.endDate, today) : null;

  const submit = () => {
    if (composing.current) return;
    if (tooMany || dateError) return;
    const next = { ...draft, searchText: (terms ?? []).join(',') };
    setText(displayText(next.searchText));
    request(next);
    onSearch(next);
  };

  const reset = () => {
    const empty = emptySearchValues(declaration);
    setDraft(empty);
    setText('');
    request(empty);
    onReset();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    if (event.nativeEvent.isComposing || composing.current || event.keyCode === 229) return;
    event.preventDefault();
    submit();
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    if (composing.current) return;
    const pasted = event.clipboardData.getData('text');
    if (!/[\r\n]/.test(pasted)) return;
    event.preventDefault();
    const input = event.currentTarget;
    const start = input.selectionStart ?? text.length;
    const end = input.selectionEnd ?? text.length;
    const before = text.slice(0, start).trim().replace(/,$/, '');
    const after = text.slice(end).trim().replace(/^,/, '');
    setText([before, joinPastedLines(pasted), after].filter(Boolean).join(', '));
  };

  const setFilter = (source: string, value: string | string[]) => setDraft((d) => ({ ...d, filters: { ...d.filters, [source]: value } }));

  const renderFilter = (f: FilterSpec) => {
    // Nothing to choose (yet): no row; values a link carries stay in force (CheckboxFilterSpec.accept).
    if (f.options.length === 0) return null;
    const labelId = `${id}-${f.source}`;
    const value = draft.filters[f.source];
    if (f.type === 'checkbox') {
      const checked = Array.isArray(value) ? value : [];
      return (
        <Row key={f.source} label={t(f.label)} labelId={labelId}>
          <FormGroup row role="group" aria-labelledby={labelId}>
            {f.options.map((o) => (
              <FormControlLabel
                key={o.value}
                label={t(o.label)}
                control={
                  <Checkbox
                    size="small"
                    checked={checked.includes(o.value)}
                    onChange={(e) => setFilter(f.source, e.target.checked ? f.options.map((x) => x.value).filter((v) => v === o.value || checked.includes(v)) : checked.filter((v) => v !== o.value))}
                  />
                }
              />
            ))}
          </FormGroup>
        </Row>
      );
    }
    const options = f.allLabel === false ? f.options : [{ value: '', label: f.allLabel ?? 'app.list.all' }, ...f.options];
    const single = typeof value === 'string' ? value : '';
    if (f.type === 'radio') {
      return (
        <Row key={f.source} label={t(f.label)} labelId={labelId}>
          <RadioGroup row aria-labelledby={labelId} name={f.source} value={single} onChange={(e) => setFilter(f.source, e.target.value)}>
            {options.map((o) => (
              <FormControlLabel key={o.value || 'all'} value={o.value} control={<Radio size="small" />} label={t(o.label)} />
            ))}
          </RadioGroup>
        </Row>
      );
    }
    return (
      <Row key={f.source} label={t(f.label)} labelId={labelId}>
        <TextField
          select
          size="small"
          value={single}
          onChange={(e) => setFilter(f.source, e.target.value)}
          slotProps={{ select: { native: true, inputProps: { 'aria-labelledby': labelId } } }}
          sx={{ minWidth: 160, width: { xs: '100%', sm: 'auto' } }}
        >
          {options.map((o) => (
            <option key={o.value || 'all'} value={o.value}>
              {t(o.label)}
            </option>
          ))}
        </TextField>
      </Row>
    );
  };

  const searchTypes = declaration.searchTypes ?? [];
  const showTermsError = tooMany;

  return (
    <Paper component="section" role="search" aria-label={t('app.list.searchPanel')} variant="outlined" sx={{ p: { xs: 2, sm: 2.5 }, mb: 2, borderRadius: 3 }}>
      {searchTypes.length > 0 && (
        <Row label={t('app.list.searchText')} labelId={`${id}-search`}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
            {searchTypes.length > 1 && (
              <TextField
                select
                size="small"
                value={draft.searchType}
                onChange={(e) => setDraft((d) => ({ ...d, searchType: e.target.value }))}
                slotProps={{ select: { native: true, inputProps: { 'aria-label': t('app.list.searchType') } } }}
                sx={{ minWidth: 140, width: { xs: '100%', sm: 'auto' } }}
              >
                {searchTypes.map((o) => (
                  <option key={o.value} value={o.value}>
                    {t(o.label)}
                  </option>
                ))}
              </TextField>
            )}
            <TextField
              size="small"
              value={text}
              onChange={(e) => {
                const value = e.target.value;
                // Line breaks that reach the field (autofill, a drop): the same commas as a paste; never mid-composition.
                setText(!composing.current && /[\r\n]/.test(value) ? joinPastedLines(value.replace(/,\s*(?=[\r\n])/g, '')) : value);
              }}
              onKeyDown={onKeyDown}
              onPaste={onPaste}
              onCompositionStart={() => {
                composing.current = true;
              }}
              onCompositionEnd={() => {
                composing.current = false;
              }}
              placeholder={t('app.list.searchPlaceholder')}
              error={showTermsError}
              helperText={showTermsError ? t('app.list.tooManyTerms') : undefined}
              slotProps={{ htmlInput: { 'aria-label': t('app.list.searchText'), enterKeyHint: 'search' } }}
              sx={{ flex: 1, minWidth: 0 }}
            />
          </Stack>
        </Row>
      )}

      {declaration.dateRange && (
        <Row label={t(declaration.dateLabel ?? 'app.list.period')} labelId={`${id}-period`}>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ alignItems: { md: 'flex-start' } }}>
            <Box role="group" aria-labelledby={`${id}-period`} sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
              {DATE_PRESETS.map((p) => (
                <Button
                  key={p}
                  size="small"
                  variant={preset === p ? 'contained' : 'outlined'}
                  aria-pressed={preset === p}
                  onClick={() => setDraft((d) => ({ ...d, ...dateRangeFor(p, new Date(clock.now())) }))}
                  sx={{ minWidth: 52 }}
                >
                  {translate(`app.list.preset.${p}`, { _: DATE_PRESET_LABELS[p] })}
                </Button>
              ))}
            </Box>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <DateField
                size="small"
                label={t('app.list.startDate')}
                value={draft.startDate ?? ''}
                onChange={(value) => setDraft((d) => ({ ...d, startDate: value || null }))}
                error={dateOrderError || startFormatError}
                helperText={startFormatError ? t('app.list.dateFormat') : dateOrderError ? t('app.list.dateOrder') : undefined}
                max={draft.endDate ?? undefined}
                sx={{ flex: 1, minWidth: 0 }}
              />
              <DateField
                size="small"
                label={t('app.list.endDate')}
                value={draft.endDate ?? ''}
                onChange={(value) => setDraft((d) => ({ ...d, endDate: value || null }))}
                error={dateOrderError || endFormatError}
                helperText={endFormatError ? t('app.list.dateFormat') : undefined}
                min={draft.startDate ?? undefined}
                sx={{ flex: 1, minWidth: 0 }}
              />
            </Stack>
          </Stack>
        </Row>
      )}

      {(declaration.filters ?? []).map(renderFilter)}

      <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, justifyContent: 'center', gap: 1, pt: 1.5 }}>
        <Button variant="contained" onClick={submit} disabled={tooMany || dateError} sx={{ minWidth: 120 }}>
          {t('app.list.search')}
        </Button>
        <Button variant="outlined" color="inherit" onClick={reset} sx={{ minWidth: 120 }}>
          {t('app.list.reset')}
        </Button>
      </Box>
    </Paper>
  );
}
