import { screen } from '@testing-library/react';
import { useState } from 'react';
import { SearchPanel } from './SearchPanel';
import { emptySearchValues, type ListSearchValues, type SearchDeclaration } from './urlParams';
import { renderWithAdmin } from '../../testing/render';

const declaration: SearchDeclaration = {
  filters: [{ type: 'radio', source: 'status', label: '상태', options: [{ value: '1', label: '대기' }, { value: '3', label: '완료' }] }],
};

/**
 * The list's URL as the panel sees it, moved on by hand: `land()` delivers the search the panel
 * asked for, as the router does a render later; `follow()` is a change from elsewhere (Back, a link).
 */
function Harness() {
  const [values, setValues] = useState<ListSearchValues>(emptySearchValues(declaration));
  const [asked, setAsked] = useState<ListSearchValues | null>(null);
  const done = (v: ListSearchValues) => setAsked(v);
  return (
    <>
      <SearchPanel declaration={declaration} values={values} onSearch={done} onReset={() => done(emptySearchValues(declaration))} />
      <button onClick={() => asked && setValues(asked)}>land</button>
      <button onClick={() => setValues({ ...emptySearchValues(declaration), filters: { status: '1' } })}>follow</button>
    </>
  );
}

const radio = (name: string) => screen.getByRole('radio', { name });

describe('SearchPanel draft and the URL', () => {
  it('keeps a choice made while its own search lands, and follows a URL changed elsewhere', async () => {
    const { user } = renderWithAdmin(<Harness />);
    await user.click(await screen.findByRole('radio', { name: '완료' }));
    await user.click(screen.getByRole('button', { name: '검색' }));
    // Chosen before the list's address changed: the arrival of status=3 must not undo it.
    await user.click(radio('대기'));
    await user.click(screen.getByRole('button', { name: 'land' }));
    expect(radio('대기')).toBeChecked();

    // 초기화, then a choice before the cleared address lands.
    await user.click(screen.getByRole('button', { name: '초기화' }));
    await user.click(radio('완료'));
    await user.click(screen.getByRole('button', { name: 'land' }));
    expect(radio('완료')).toBeChecked();

    // Back or a link: the draft follows the URL.
    await user.click(screen.getByRole('button', { name: 'follow' }));
    expect(radio('대기')).toBeChecked();
  });
});
