import { useEffect, useState } from 'react';
import { Alert, Card, CardContent, Stack, Typography } from '@mui/material';
import { Title, useGetOne, useTranslate } from 'react-admin';
import { formatDateTime } from '../../../../core/time';
import { session } from '../../../../dataProvider/session';
import { useTouchlineDataProvider } from '../../../../dataProvider';
import type { CalendarEvent } from '../../../../dataProvider/events';
import './messages';

/** /schedule: a coach's or referee's own upcoming events and matches, read only, one card each. */
export default function SchedulePage() {
  const translate = useTranslate();
  const dataProvider = useTouchlineDataProvider();
  const [events, setEvents] = useState<CalendarEvent[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { data: facility } = useGetOne<{ id: number; time_zone: string; name: string }>('facilities', { id: session.facilityId() ?? 1 });
  useEffect(() => { dataProvider.getSchedule().then(setEvents, (e: Error) => setError(e.message)); }, [dataProvider]);
  if (error) return <Alert severity="error">{error}</Alert>;
  if (!events || !facility) return <Title title={translate('schedule.title')} />;
  return (
    <Stack spacing={1} sx={{ p: 1, maxWidth: 640 }}>
      <Title title={translate('schedule.title')} />
      {!events.length && <Typography color="text.secondary">{translate('schedule.empty')}</Typography>}
      {events.map((e) => (
        <Card key={e.ID} sx={{ borderLeft: `6px solid ${e.color}` }}>
          <CardContent>
            <Typography variant="subtitle1">{e.title}</Typography>
            <Typography variant="body2">{formatDateTime(e.start_date, facility.time_zone)} – {formatDateTime(e.end_date, facility.time_zone).split(' ')[1]}</Typography>
            {/* A game names its league or tournament; other events their kind (issue 41 m23). */}
            <Typography variant="body2" color="text.secondary">{e.field.name} · {e.match?.league?.name ?? e.product_type.name}</Typography>
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}
