import { createContext, useCallback, useContext, useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { useBlocker } from 'react-router-dom';
import { useFormState } from 'react-hook-form';
import { Confirm } from 'react-admin';
import { isLeaving } from './browser';

/**
 * "Stop and move to another page?" with yes/no (spec 1 section 2.3) for pages holding several
 * forms. react-router allows one blocker per router, so react-admin's per-form
 * `warnWhenUnsavedChanges` cannot serve a page with two forms (the second blocker silently
 * replaces the first). Forms register here with <TrackUnsavedChanges />, and the page mounts a
 * single blocker while any of them is dirty. The prompt is ra.message.unsaved_changes.
 */
interface Registry {
  setDirty: (id: string, dirty: boolean) => void;
}

const UnsavedChangesContext = createContext<Registry | null>(null);

function Blocker() {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    const beforeUnload = (e: BeforeUnloadEvent) => {
      // A deliberate full navigation (logout, withdrawal, session expiry) is not interrupted.
      if (isLeaving()) return;
      e.preventDefault();
      e.returnValue = true;
    };
    window.addEventListener('beforeunload', beforeUnload);
    return () => window.removeEventListener('beforeunload', beforeUnload);
  }, []);
  return (
    <Confirm
      isOpen={blocker.state === 'blocked'}
      title="ra.message.unsaved_changes"
      content={null}
      confirm="ra.message.yes"
      cancel="ra.message.no"
      confirmColor="warning"
      onConfirm={() => blocker.proceed?.()}
      onClose={() => blocker.reset?.()}
    />
  );
}

export function UnsavedChangesProvider({ children }: { children: ReactNode }) {
  const [dirty, setDirtySet] = useState<ReadonlySet<string>>(new Set());
  const setDirty = useCallback((id: string, isDirty: boolean) => {
    setDirtySet((prev) => {
      if (prev.has(id) === isDirty) return prev;
      const next = new Set(prev);
      if (isDirty) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);
  const registry = useMemo(() => ({ setDirty }), [setDirty]);
  return (
    <UnsavedChangesContext.Provider value={registry}>
      {children}
      {dirty.size > 0 && <Blocker />}
    </UnsavedChangesContext.Provider>
  );
}

/** Put inside a react-admin <Form>: reports whether it holds unsaved changes. */
export function TrackUnsavedChanges() {
  const registry = useContext(UnsavedChangesContext);
  const id = useId();
  const { dirtyFields, isSubmitSuccessful, isSubmitting } = useFormState();
  const isDirty = Object.keys(dirtyFields).length > 0 && !isSubmitSuccessful && !isSubmitting;
  useEffect(() => {
    registry?.setDirty(id, isDirty);
  }, [registry, id, isDirty]);
  useEffect(() => () => registry?.setDirty(id, false), [registry, id]);
  return null;
}

/** Put inside a form: tells its owner (a dialog) whether the form holds unsaved changes (same rule as TrackUnsavedChanges). */
export function ReportDirty({ onChange }: { onChange?: (dirty: boolean) => void }) {
  const { dirtyFields, isSubmitSuccessful, isSubmitting } = useFormState();
  const dirty = Object.keys(dirtyFields).length > 0 && !isSubmitSuccessful && !isSubmitting;
  useEffect(() => onChange?.(dirty), [dirty, onChange]);
  useEffect(() => () => onChange?.(false), [onChange]);
  return null;
}
