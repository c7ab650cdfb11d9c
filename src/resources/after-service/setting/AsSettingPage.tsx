import type { ComponentType } from 'react';
import { Stack } from '@mui/material';
import { PageShell } from '../../../framework/ui';
import { PartnerLinksSection } from '../partners/PartnerLinksSection';
import { AsInfoSection, useSettableTypes } from './AsInfoSection';
import { RepairCategorySection } from './RepairCategorySection';

/**
 * The page's sections, in order: each loads and saves on its own, so another part of the A/S
 * settings (the partner links) is one more entry here.
 */
export const AS_SETTING_SECTIONS: ComponentType[] = [AsInfoSection, RepairCategorySection, AsPartnersSection];

/** The repair and laundry partners, one section per kind this account may set up. */
function AsPartnersSection() {
  const types = useSettableTypes();
  return types.map((type) => <PartnerLinksSection key={type} type={type} />);
}

/** /b2b/after-service/setting (issue 13 item 3): main account only, by its route rule and the server's. */
export function AsSettingPage() {
  return (
    <PageShell titleKey="afterServiceIntake.setting.title" maxWidth={880}>
      <Stack spacing={3}>
        {AS_SETTING_SECTIONS.map((SettingSection, i) => <SettingSection key={i} />)}
      </Stack>
    </PageShell>
  );
}

export default AsSettingPage;
