import { Alert, Box, Tab, Tabs } from '@mui/material';
import { ResourceContextProvider, useGetResourceLabel, useLocation, useNavigate, useTranslate } from 'react-admin';
import { useNavigation } from '../../../kit/layout/navigation';
import '../../../kit/components/settings/messages';

/** /resources: the facility resources settings, one tab per ?tab= (spec 1 §2). */
export default function ResourcesPage() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const translate = useTranslate();
  const resourceLabel = useGetResourceLabel();
  const { tabs, defaultTab } = useNavigation();
  const tab = new URLSearchParams(search).get('tab') || defaultTab;
  const current = tabs.find((t) => t.tab === tab);

  return (
    <Box>
      <Tabs
        value={current ? tab : false}
        onChange={(_, value: string) => navigate({ search: `?tab=${encodeURIComponent(value)}` })}
        variant="scrollable"
        scrollButtons="auto"
      >
        {tabs.map(({ tab: value, resource }) => (
          <Tab key={value} value={value} label={resourceLabel(resource, 2)} />
        ))}
      </Tabs>
      {current ? (
        // Keyed: a tab change mounts a fresh list with its own sort and paging.
        <ResourceContextProvider key={current.tab} value={current.resource}>
          <current.list />
        </ResourceContextProvider>
      ) : (
        <Alert severity="warning" sx={{ mt: 2 }}>
          {translate('resources_page.unknown_tab', { tab, _: `There is no "${tab}" tab here; please pick one of the tabs above.` })}
        </Alert>
      )}
    </Box>
  );
}
