import { screen, waitFor } from '@testing-library/react';
import { defineResource, field } from '../../domain/resource';
import { FIELD_MSG } from '../../domain/messages';
import { exampleResource } from '../../domain/testing/exampleResource';
import { renderWithAdmin } from '../../testing/render';
import { ResourceForm } from './ResourceForm';

const OPENED_REQUIRED = '개점일을 입력해 주세요';
/** A resource with two days: one required, one optional (its labels are the raw keys here). */
const withDays = defineResource({
  ...exampleResource,
  fields: { ...exampleResource.fields, openedOn: field.date({ required: OPENED_REQUIRED }), closedOn: field.date() },
});

describe('ResourceForm with date fields', () => {
  it('types a day as YYYY-MM-DD, refuses an empty required day or an impossible one, and sends an empty optional day as null', async () => {
    const bodies: Record<string, unknown>[] = [];
    const { user } = renderWithAdmin(<ResourceForm def={withDays} cancelTo="/b2b/example" save={async (body) => void bodies.push(body)} />);
    await user.type(await screen.findByLabelText(/fields\.name/), '성수점');
    await user.click(screen.getByRole('button', { name: '저장' }));
    expect(await screen.findByText(OPENED_REQUIRED)).toBeInTheDocument();

    const opened = screen.getByLabelText(/fields\.openedOn/);
    await user.type(opened, '20260230');
    expect(opened).toHaveValue('2026-02-30');
    await user.click(screen.getByRole('button', { name: '저장' }));
    expect(await screen.findByText(FIELD_MSG.dateFormat)).toBeInTheDocument();
    expect(bodies).toEqual([]);

    await user.clear(opened);
    await user.type(opened, '20260228');
    await user.click(screen.getByRole('button', { name: '저장' }));
    await waitFor(() => expect(bodies).toEqual([{ name: '성수점', tag: null, pinned: 'N', openedOn: '2026-02-28', closedOn: null }]));
  });
});

describe('ResourceForm with a required select', () => {
  it('marks the select required and refuses an empty choice with its message', async () => {
    const KIND_REQUIRED = '종류를 골라 주세요';
    const withKind = defineResource({
      ...exampleResource,
      fields: { ...exampleResource.fields, kind: field.select({ options: { 1: '직영', 2: '가맹' }, invalid: FIELD_MSG.valueInvalid, required: KIND_REQUIRED }) },
    });
    const bodies: Record<string, unknown>[] = [];
    const { user } = renderWithAdmin(<ResourceForm def={withKind} cancelTo="/b2b/example" save={async (body) => void bodies.push(body)} />);
    expect(await screen.findByText((_, el) => el?.tagName === 'LABEL' && /fields\.kind\s*\*/.test(el.textContent ?? ''))).toBeInTheDocument();
    await user.type(screen.getByLabelText(/fields\.name/), '성수점');
    await user.click(screen.getByRole('button', { name: '저장' }));
    expect(await screen.findByText(KIND_REQUIRED)).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });
});
