import { Alert, Box, Tab, Tabs } from '@mui/material';
import { ResourceContextProvider, useGetResourceLabel, useLocation, useNavigate, useTranslate } from 'react-admin';
import { DEFAULT_TAB, RESOURCE_TABS } from './tabs';
import '../../components/settings/messages';

/** /resources: the facility resources settings, one tab per ?tab= (spec 1 §2). */
export default function ResourcesPage() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const translate = useTranslate();
  const resourceLabel = useGetResourceLabel();
  const tab = new URLSearchParams(search).get('tab') || DEFAULT_TAB;
  const current = RESOURCE_TABS.find((t) => t.tab === tab);

  return (
    <Box>
      <Tabs
        value={current ? tab : false}
        onChange={(_, value: string) => navigate({ search: `?tab=${encodeURIComponent(value)}` })}
        variant="scrollable"
        scrollButtons="auto"
      >
        {RESOURCE_TABS.map(({ tab: value, resource }) => (
          <Tab key={value} value={value} label={resourceLabel(resource.name, 2)} />
        ))}
      </Tabs>
      {current ? (
        // Keyed: a tab change mounts a fresh list with its own sort and paging.
        <ResourceContextProvider key={current.tab} value={current.resource.name}>
          <current.resource.list />
        </ResourceContextProvider>
      ) : (
        <Alert severity="warning" sx={{ mt: 2 }}>
          {translate('resources_page.unknown_tab', { tab, _: `There is no "${tab}" tab here; please pick one of the tabs above.` })}
        </Alert>
      )}
    </Box>
  );
}
