import { useState } from 'react';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithAdmin } from '../../testing/render';
import { DateField, maskYmd } from './DateField';

function Harness({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return <DateField label="배송일" value={value} onChange={setValue} />;
}

describe('DateField (issue 9 B11: YYYY-MM-DD in every browser locale)', () => {
  it('groups typed or pasted digits as YYYY-MM-DD', () => {
    expect(maskYmd('20261124')).toBe('2026-11-24');
    expect(maskYmd('2026/11/24')).toBe('2026-11-24');
    expect(maskYmd('2026.1')).toBe('2026-1');
    expect(maskYmd('2026-11-241')).toBe('2026-11-24');
    expect(maskYmd('')).toBe('');
  });

  it('is a text field reading YYYY-MM-DD, and the calendar writes the same text', async () => {
    const { user } = renderWithAdmin(<Harness />);
    const field = screen.getByLabelText('배송일');
    expect(field).toHaveAttribute('type', 'text');
    expect(field).toHaveAttribute('placeholder', 'YYYY-MM-DD');
    await user.type(field, '20261124');
    expect(field).toHaveValue('2026-11-24');

    // The browser's picker answers on the hidden date input, in YYYY-MM-DD whatever the locale.
    expect(await screen.findByRole('button', { name: '달력 열기' })).toBeInTheDocument();
    const picker = document.querySelector('input[type="date"]')!;
    expect(picker).toHaveValue('2026-11-24');
    fireEvent.change(picker, { target: { value: '2026-12-01' } });
    expect(field).toHaveValue('2026-12-01');
  });
});
