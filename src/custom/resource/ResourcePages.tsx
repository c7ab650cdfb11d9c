import { useCreate, useNotify, useTranslate, useUpdate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { Resource } from '../../domain/resource';
import { PageShell } from '../ui';
import { PageLoading } from '../PageStates';
import { NotFoundDialog, useRecordOr404 } from '../record/useRecordOr404';
import { ResourceForm } from './ResourceForm';

/** `<route>/register`: POST the form, then the list with the toast `<name>.created`. */
export function ResourceCreate({ def }: { def: Resource }) {
  const [create] = useCreate();
  const notify = useNotify();
  const navigate = useNavigate();
  return (
    <PageShell titleKey={`${def.name}.register`} maxWidth={640}>
      <ResourceForm
        def={def}
        cancelTo={def.route}
        save={async (body) => {
          await create(def.name, { data: body }, { returnPromise: true });
          notify(`${def.name}.created`, { type: 'success' });
          navigate(def.route);
        }}
      />
    </PageShell>
  );
}

/**
 * `<route>/edit/{id}`: the record (another tenant's or a deleted one opens the not-found dialog,
 * `<name>.notFound`), saved with the resource's update, then the list with `<name>.saved`.
 */
export function ResourceEdit({ def }: { def: Resource }) {
  const { record, notFound } = useRecordOr404(def.name, { serverText: false });
  const [update] = useUpdate();
  const notify = useNotify();
  const navigate = useNavigate();
  const translate = useTranslate();
  if (notFound) return <NotFoundDialog message={translate(`${def.name}.notFound`)} onClose={() => navigate(def.route, { replace: true })} />;
  if (!record) return <PageLoading />;
  return (
    <PageShell titleKey={`${def.name}.edit`} maxWidth={640}>
      <ResourceForm
        key={record.id}
        def={def}
        record={record}
        cancelTo={def.route}
        save={async (body) => {
          await update(def.name, { id: record.id, data: body, previousData: record }, { returnPromise: true, mutationMode: 'pessimistic' });
          notify(`${def.name}.saved`, { type: 'success' });
          navigate(def.route);
        }}
      />
    </PageShell>
  );
}
