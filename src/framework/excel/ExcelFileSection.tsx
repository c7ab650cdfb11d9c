import { useState, type DragEvent, type KeyboardEvent, type RefObject } from 'react';
import { Alert, Box, CircularProgress, Stack, Typography } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useTranslate } from 'react-admin';
import { EXCEL_ACCEPT } from '../../domain/excel';
import { Section } from '../ui';

interface ExcelFileSectionProps {
  inputRef: RefObject<HTMLInputElement | null>;
  reading: boolean;
  /** While chunks are being registered no other file may be chosen. */
  submitting: boolean;
  fileName: string | null;
  fileError: string | null;
  onFile: (file: File | undefined) => void;
}

/** The file step: a drop zone that also opens the picker by click, Enter or Space, then the file's name or why it was refused. */
export function ExcelFileSection({ inputRef, reading, submitting, fileName, fileError, onFile }: ExcelFileSectionProps) {
  const translate = useTranslate();
  const [dragging, setDragging] = useState(false);

  const openPicker = () => inputRef.current?.click();
  const onZoneKey = (e: KeyboardEvent) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      openPicker();
    }
  };
  const onDragOver = (e: DragEvent) => {
    e.preventDefault();
    e.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    if (!submitting) onFile(e.dataTransfer.files?.[0]);
  };

  return (
    <Section title={translate('app.excel.fileTitle')} description={translate('app.excel.fileHint')}>
      <Box
        role="button"
        tabIndex={0}
        aria-disabled={submitting || undefined}
        aria-busy={reading || undefined}
        onClick={() => !submitting && openPicker()}
        onKeyDown={(e) => !submitting && onZoneKey(e)}
        onDragEnter={onDragOver}
        onDragOver={onDragOver}
        onDragLeave={(e) => {
          // Moving over the zone's own children fires dragleave too.
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={onDrop}
        data-testid="excel-dropzone"
        sx={{
          border: 2,
          borderStyle: 'dashed',
          borderColor: dragging ? 'primary.main' : 'divider',
          bgcolor: dragging ? 'action.hover' : 'background.default',
          borderRadius: 2,
          p: { xs: 2, sm: 4 },
          textAlign: 'center',
          cursor: submitting ? 'not-allowed' : 'pointer',
          outline: 'none',
          '&:focus-visible': { borderColor: 'primary.main', boxShadow: (t) => `0 0 0 3px ${t.palette.primary.main}33` },
        }}
      >
        {reading ? (
          <Stack alignItems="center" spacing={1} role="status">
            <CircularProgress size={32} />
            <Typography>{translate('app.excel.reading')}</Typography>
          </Stack>
        ) : (
          <Stack alignItems="center" spacing={1}>
            <UploadFileIcon color="action" fontSize="large" />
            <Typography sx={{ fontWeight: 600, wordBreak: 'keep-all' }}>{translate(dragging ? 'app.excel.dropActive' : 'app.excel.dropTitle')}</Typography>
            <Typography variant="body2" color="text.secondary">
              {translate('app.excel.dropHint')}
            </Typography>
          </Stack>
        )}
        <input ref={inputRef} type="file" hidden accept={EXCEL_ACCEPT} data-testid="excel-file-input" onChange={(e) => onFile(e.target.files?.[0])} />
      </Box>
      {fileName && !reading && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1, wordBreak: 'break-all' }}>
          {translate('app.excel.fileName', { name: fileName })}
        </Typography>
      )}
      {fileError && (
        <Alert severity="error" role="alert" sx={{ mt: 2, wordBreak: 'keep-all' }}>
          {fileError}
        </Alert>
      )}
    </Section>
  );
}
