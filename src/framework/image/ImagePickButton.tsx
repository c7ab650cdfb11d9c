import type { ReactNode } from 'react';
import { Button } from '@mui/material';
import { IMAGE_ACCEPT } from './useImageUpload';

/**
 * The image inputs' "choose a file" button: a hidden file input inside an outlined button. The
 * input is emptied after each choice, so choosing the same file again is a new choice.
 */
export function ImagePickButton({ children, disabled, multiple, labelledBy, testId, onPick }: {
  children: ReactNode;
  disabled?: boolean;
  multiple?: boolean;
  labelledBy: string;
  testId: string;
  onPick: (files: File[]) => void;
}) {
  return (
    <Button variant="outlined" size="small" component="label" disabled={disabled}>
      {children}
      <input
        hidden
        type="file"
        multiple={multiple}
        accept={IMAGE_ACCEPT}
        aria-labelledby={labelledBy}
        data-testid={testId}
        onChange={(e) => {
          const files = e.target.files ? Array.from(e.target.files) : [];
          e.target.value = '';
          onPick(files);
        }}
      />
    </Button>
  );
}
