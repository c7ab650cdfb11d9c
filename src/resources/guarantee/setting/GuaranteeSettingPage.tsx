import { useCallback, useState } from 'react';
import { Alert, Box, Button, Paper, Tab, Tabs, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { Confirm, ResourceContextProvider, useNotify, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { presentError } from '../../../dataProvider/errors';
import { templateResource } from '../../../domain/resources/template';
import { DiscardConfirm, PageShell, Section } from '../../../framework/ui';
import { PageLoading } from '../../../framework/PageStates';
import { sortTemplates, stopTemplate, templateInput, updateTemplate, useRefreshTemplates, useTemplates, type Template } from './api';
import { TemplateCard } from './TemplateCards';
import { TemplateDialog } from './TemplateDialog';
import { FieldSettingForm, IssueLaterForm } from './SettingForms';
import { AlimtalkPanel } from './AlimtalkPanel';

/** The tabs of spec 2 section 2, kept in ?tab= so a tab can be linked and survives a reload. */
export const SETTING_TABS = ['issue-later', 'alimtalk-setting'] as const;
type SettingTab = (typeof SETTING_TABS)[number];

type Editing = { template: Template | null } | null;

/**
 * /b2b/guarantee/setting (spec 2 sections 2, 3 and 5; hidden from sub-accounts by the menu rule
 * mainOnly): the guarantee templates as cards (create, edit, make main, stop), the selected
 * template's guarantee form settings, and the tabs 나중에 발급 and 알림톡 설정.
 */
export default function GuaranteeSettingPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefreshTemplates();
  const { data, isPending, isError, refetch } = useTemplates();
  const [params, setParams] = useSearchParams();
  const [chosen, setChosen] = useState<number | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [stopping, setStopping] = useState<Template | null>(null);
  const [busy, setBusy] = useState(false);
  // Picking another template or tab unmounts the forms: ask first when one holds changes.
  const [dirty, setDirty] = useState<Record<string, boolean>>({});
  const [pending, setPending] = useState<(() => void) | null>(null);
  const onFieldDirty = useCallback((d: boolean) => setDirty((prev) => (prev.field === d ? prev : { ...prev, field: d })), []);
  const onSettingDirty = useCallback((d: boolean) => setDirty((prev) => (prev.setting === d ? prev : { ...prev, setting: d })), []);
  const guard = (action: () => void) => {
    if (Object.values(dirty).some(Boolean)) setPending(() => action);
    else action();
  };

  const templates = sortTemplates(data ?? []);
  const selected = templates.find((t) => t.idx === chosen) ?? templates.find((t) => t.isMain) ?? templates[0] ?? null;
  const tabParam = params.get('tab');
  const tab: SettingTab = (SETTING_TABS as readonly string[]).includes(tabParam ?? '') ? (tabParam as SettingTab) : 'issue-later';

  const run = async (work: () => Promise<unknown>, message: string) => {
    setBusy(true);
    try {
      await work();
      notify(message, { type: 'success' });
      await refresh();
    } catch (err) {
      presentError(err);
    } finally {
      setBusy(false);
    }
  };

  const addButton = (
    <Button variant="contained" disableElevation startIcon={<AddIcon />} onClick={() => setEditing({ template: null })}>
      {translate('template.list.add')}
    </Button>
  );

  return (
    // The array inputs (SimpleFormIterator) need a resource; templates are the dataProvider's 'nft-template'.
    <ResourceContextProvider value={templateResource.name}>
      <PageShell titleKey="template.title" maxWidth={1100}>
        <Section title={translate('template.list.title')} description={translate('template.list.help')} id="template-list-title" action={templates.length > 0 ? addButton : undefined}>
          {isPending ? (
            <PageLoading />
          ) : isError ? (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => void refetch()}>
                  {translate('template.list.retry')}
                </Button>
              }
            >
              {translate('template.list.loadError')}
            </Alert>
          ) : templates.length === 0 ? (
            <Box sx={{ textAlign: 'center', py: 4 }}>
              <Typography component="p" variant="subtitle1" sx={{ fontWeight: 700, mb: 0.5 }}>
                {translate('template.list.empty')}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                {translate('template.list.emptyHelp')}
              </Typography>
              {addButton}
            </Box>
          ) : (
            <Box component="ul" aria-labelledby="template-list-title" sx={{ m: 0, p: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' } }}>
              {templates.map((t) => (
                <TemplateCard
                  key={t.idx}
                  template={t}
                  selected={selected?.idx === t.idx}
                  busy={busy}
                  onSelect={() => selected?.idx !== t.idx && guard(() => setChosen(t.idx))}
                  onEdit={() => setEditing({ template: t })}
                  onSetMain={() => void run(() => updateTemplate(t.idx, templateInput(t, { isMain: true })), 'template.mainSet')}
                  onStop={() => setStopping(t)}
                />
              ))}
            </Box>
          )}
        </Section>

        {selected && (
          <>
            <Section title={translate('template.form.title')} description={`${translate('template.selectedTemplate', { name: selected.nftCardName })} · ${translate('template.form.help')}`} id="template-form-title">
              <FieldSettingForm key={selected.idx} template={selected} onSaved={() => void refresh()} onDirtyChange={onFieldDirty} />
            </Section>
            <Paper component="section" variant="outlined" sx={{ borderRadius: 3, mb: 3 }} aria-label={translate('template.tabs.label')}>
              <Tabs
                value={tab}
                onChange={(_, v: SettingTab) =>
                  guard(() =>
                    setParams(
                      (p) => {
                        const next = new URLSearchParams(p);
                        next.set('tab', v);
                        return next;
                      },
                      { replace: true },
                    ),
                  )
                }
                variant="scrollable"
                allowScrollButtonsMobile
                aria-label={translate('template.tabs.label')}
                sx={{ borderBottom: 1, borderColor: 'divider', px: { xs: 1, sm: 2 } }}
              >
                <Tab value="issue-later" label={translate('template.tabs.issueLater')} id="tab-issue-later" aria-controls="tabpanel-issue-later" />
                <Tab value="alimtalk-setting" label={translate('template.tabs.alimtalk')} id="tab-alimtalk-setting" aria-controls="tabpanel-alimtalk-setting" />
              </Tabs>
              <Box role="tabpanel" id={`tabpanel-${tab}`} aria-labelledby={`tab-${tab}`} sx={{ p: { xs: 2, sm: 3 } }}>
                {tab === 'issue-later' ? <IssueLaterForm key={selected.idx} template={selected} onSaved={() => void refresh()} onDirtyChange={onSettingDirty} /> : <AlimtalkPanel template={selected} />}
              </Box>
            </Paper>
          </>
        )}

        {editing && (
          <TemplateDialog
            open
            template={editing.template}
            firstTemplate={templates.length === 0}
            onClose={() => setEditing(null)}
            onSaved={(saved) => {
              setEditing(null);
              if (saved?.idx) setChosen(saved.idx);
              void refresh();
            }}
          />
        )}

        <DiscardConfirm
          open={pending !== null}
          title="ra.message.unsaved_changes"
          onDiscard={() => {
            const action = pending;
            setPending(null);
            action?.();
          }}
          onKeep={() => setPending(null)}
        />
        <Confirm
          isOpen={stopping !== null}
          loading={busy}
          title="template.stop.title"
          content="template.stop.body"
          translateOptions={{ name: stopping?.nftCardName ?? '' }}
          confirm="template.stop.confirm"
          confirmColor="warning"
          onConfirm={() => {
            const t = stopping;
            setStopping(null);
            if (t) void run(() => stopTemplate(t.idx), 'template.stop.done');
          }}
          onClose={() => setStopping(null)}
        />
      </PageShell>
    </ResourceContextProvider>
  );
}
