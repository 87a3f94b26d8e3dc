import { Alert, Box, Grid, LinearProgress, Paper, Tab, Tabs } from '@mui/material';
import { useState, type ComponentType } from 'react';
import { ShowBase, Title, usePermissions, useShowContext, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import type { Role } from '../../core/constants';
import { can } from '../../core/permissions';
import { ChangesView } from '../../src/kit/components/ChangesView';
import { DETAIL_META, type CustomerProfile } from '../../dataProvider';
import { CreditDialog } from './profile/dialogs/CreditDialog';
import { EmailDialog } from './profile/dialogs/EmailDialog';
import { MergeDialog } from './profile/dialogs/MergeDialog';
import { NoteDialog } from './profile/dialogs/NoteDialog';
import { PhotoDialog } from './profile/dialogs/PhotoDialog';
import { SuspendDialog } from './profile/dialogs/SuspendDialog';
import { SummaryCard, type ProfileDialog } from './profile/SummaryCard';
import { HistoryTab } from './profile/tabs/HistoryTab';
import { ClassesTab, ContractsTab, MembershipsTab, SuspensionsTab, TrialsTab, WaiversTab } from './profile/tabs/ListTabs';
import { ProfileTab } from './profile/tabs/ProfileTab';
import { zoneOf } from './profile/useProfile';
import './profile/messages';

// /customer/{id} (spec 1 §2): the summary card on the left, the tabs on the right (?tab= keeps the
// open one in the address), and the card's dialogs. The customer resource's show view, read by
// react-admin's ShowBase (getOne: the profile with its version); its tabs read declared calls kept
// under the resource, so that every write to the customer refreshes them; a customer that cannot be
// read is said so on the page.

type TabProps = { customer: CustomerProfile };
const ChangesTab = ({ customer }: TabProps) => <ChangesView object="customer" id={customer.ID} timeZone={zoneOf(customer)} />;

type TabEntry = [key: string, label: string, component: ComponentType<TabProps>];
const TABS: TabEntry[] = [
  ['profile', 'customer_profile.tabs.profile', ProfileTab],
  ['history', 'customer_profile.tabs.history', HistoryTab],
  ['contracts', 'customer_profile.tabs.contracts', ContractsTab],
  ['memberships', 'customer_profile.tabs.memberships', MembershipsTab],
  ['classes', 'customer_profile.tabs.classes', ClassesTab],
  ['free_trials', 'customer_profile.tabs.free_trials', TrialsTab],
  ['suspensions', 'customer_profile.tabs.suspensions', SuspensionsTab],
  ['waivers', 'customer_profile.tabs.waivers', WaiversTab],
];
/** The changelog is for the roles GET /changelog lets through (the server's authorize('changelog', 'list')). */
const CHANGES_TAB: TabEntry = ['changes', 'customer_profile.changes', ChangesTab];
const tabsFor = (role: Role | undefined) => (can(role, 'changelog', 'list') ? [...TABS, CHANGES_TAB] : TABS);

const DIALOGS: Record<ProfileDialog, ComponentType<TabProps & { open: boolean; onClose(): void }>> = {
  email: EmailDialog, note: NoteDialog, credit: CreditDialog, suspend: SuspendDialog, merge: MergeDialog, photo: PhotoDialog,
};

export default function CustomerShow() {
  const translate = useTranslate();
  return (
    <ShowBase<CustomerProfile & { id: number }> resource="customer" loading={<LinearProgress sx={{ m: 2 }} />}
      error={<Alert severity="error" sx={{ m: 2 }}>{translate('ra.page.not_found')}</Alert>} queryOptions={{ meta: DETAIL_META, onError: () => undefined }}>
      <Profile />
    </ShowBase>
  );
}

function Profile() {
  const translate = useTranslate();
  const [params, setParams] = useSearchParams();
  const { record: customer } = useShowContext<CustomerProfile & { id: number }>();
  const [dialog, setDialog] = useState<ProfileDialog | null>(null);
  const { permissions: role } = usePermissions<Role>();
  const tabs = tabsFor(role);
  const tab = tabs.find(([key]) => key === params.get('tab')) ?? tabs[0];

  if (!customer) return null;
  const [, , Content] = tab;
  const OpenDialog = dialog ? DIALOGS[dialog] : null;

  return (
    <Box sx={{ p: 2 }}>
      <Title title={`${customer.first_name} ${customer.last_name}`} />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 4 }}>
          <SummaryCard customer={customer} onOpen={setDialog} />
        </Grid>
        <Grid size={{ xs: 12, md: 8 }}>
          <Paper>
            {/* The tabs wrap onto a second row rather than hide behind a scroll arrow: all of them show on
                a laptop screen (1440 px). The selected one is underlined itself, as the sliding
                indicator cannot follow a wrapped row. */}
            <Tabs
              value={tab[0]}
              onChange={(_, key: string) => setParams({ tab: key }, { replace: true })}
              sx={{
                '& .MuiTabs-list, & .MuiTabs-flexContainer': { flexWrap: 'wrap' },
                '& .MuiTabs-indicator': { display: 'none' },
                '& .MuiTab-root': { minWidth: 0, px: 1.5 },
                '& .MuiTab-root.Mui-selected': { boxShadow: (theme) => `inset 0 -2px 0 ${theme.palette.primary.main}` },
              }}
            >
              {tabs.map(([key, label]) => <Tab key={key} value={key} label={translate(label)} />)}
            </Tabs>
            <Box sx={{ p: 2 }}>
              <Content key={`${customer.ID}-${tab[0]}`} customer={customer} />
            </Box>
          </Paper>
        </Grid>
      </Grid>
      {OpenDialog && <OpenDialog key={`${customer.ID}-${dialog}`} open customer={customer} onClose={() => setDialog(null)} />}
    </Box>
  );
}
