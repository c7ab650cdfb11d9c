import type { ComponentType } from 'react';
import { useCreate, useNotify, useTranslate, useUpdate, type Identifier, type RaRecord } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { Resource } from '../../domain/resource';
import { PageShell } from '../ui';
import { PageLoading } from '../PageStates';
import { NotFoundDialog, useRecordOr404, type RecordOr404Options } from '../record/useRecordOr404';
import { ResourceForm, type ResourceFormProps } from './ResourceForm';

/** What a resource's own form (e.g. with a brand select) gets from the register and edit pages. */
export type ResourcePageFormProps = Pick<ResourceFormProps, 'record' | 'save' | 'cancelTo'> & {
  /** Edit only: reads the record again (e.g. after an image was detached by its own request). */
  refetch?: () => void;
};

/** How a resource's register and edit pages differ from the plain ones. */
export interface ResourcePageOptions {
  /** Where a save leads: the list (default) or the saved record's detail, `<route>/{id}`. */
  afterSave?: 'list' | 'show';
  maxWidth?: number;
  /** The resource's own form; by default the generic form of its definition. */
  Form?: ComponentType<ResourcePageFormProps>;
  /** Edit: the not-found dialog; by default `<name>.notFound`, whose 확인 opens the list. */
  NotFound?: ComponentType;
  /** Edit: how the record is read (by default the error dialog keeps its generic texts). */
  read?: RecordOr404Options;
}

interface ResourcePageProps {
  def: Resource;
  options?: ResourcePageOptions;
}

/** Navigates where `afterSave` says, for the saved record `id`. */
function useAfterSave(def: Resource, afterSave: ResourcePageOptions['afterSave']) {
  const navigate = useNavigate();
  return (id: Identifier) => navigate(afterSave === 'show' ? `${def.route}/${id}` : def.route);
}

/** The resource's own form if it has one, else the generic form of its definition. */
function PageForm({ def, Form, refetch, ...props }: ResourcePageFormProps & { def: Resource; Form?: ComponentType<ResourcePageFormProps> }) {
  return Form ? <Form refetch={refetch} {...props} /> : <ResourceForm def={def} {...props} />;
}

/** `<route>/register`: POST the form, then the list (or the detail) with the toast `<name>.created`. */
export function ResourceCreate({ def, options = {} }: ResourcePageProps) {
  const [create] = useCreate();
  const notify = useNotify();
  const leave = useAfterSave(def, options.afterSave);
  return (
    <PageShell titleKey={`${def.name}.register`} maxWidth={options.maxWidth ?? 640}>
      <PageForm
        def={def}
        Form={options.Form}
        cancelTo={def.route}
        save={async (body) => {
          const created = await create(def.name, { data: body }, { returnPromise: true });
          notify(`${def.name}.created`, { type: 'success' });
          leave((created as RaRecord).id);
        }}
      />
    </PageShell>
  );
}

/** The plain not-found dialog of an edit page: `<name>.notFound`, whose 확인 opens the list. */
function ListNotFound({ def }: { def: Resource }) {
  const navigate = useNavigate();
  const translate = useTranslate();
  return <NotFoundDialog message={translate(`${def.name}.notFound`)} onClose={() => navigate(def.route, { replace: true })} />;
}

/**
 * `<route>/edit/{id}`: the record (another tenant's or a deleted one opens the not-found dialog),
 * saved with react-admin's update, which also puts the answer under the getOne key the detail and
 * edit pages read; then the list (or the detail) with `<name>.saved`.
 */
export function ResourceEdit({ def, options = {} }: ResourcePageProps) {
  const { NotFound } = options;
  const { record, notFound, refetch } = useRecordOr404(def.name, { serverText: false, ...options.read });
  const [update] = useUpdate();
  const notify = useNotify();
  const leave = useAfterSave(def, options.afterSave);
  if (notFound) return NotFound ? <NotFound /> : <ListNotFound def={def} />;
  if (!record) return <PageLoading />;
  return (
    <PageShell titleKey={`${def.name}.edit`} maxWidth={options.maxWidth ?? 640}>
      <PageForm
        key={record.id}
        def={def}
        Form={options.Form}
        record={record}
        cancelTo={`${def.route}${options.afterSave === 'show' ? `/${record.id}` : ''}`}
        refetch={() => void refetch()}
        save={async (body) => {
          await update(def.name, { id: record.id, data: body, previousData: record }, { returnPromise: true, mutationMode: 'pessimistic' });
          notify(`${def.name}.saved`, { type: 'success' });
          leave(record.id);
        }}
      />
    </PageShell>
  );
}
