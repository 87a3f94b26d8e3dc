import { Accordion, AccordionDetails, AccordionSummary, Typography } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useRecordContext, useResourceContext, useTranslate } from 'react-admin';
import { useFacilityTimeZone } from '../useFacilityTimeZone';
import { ChangesView } from '../ChangesView';
import '../ChangesView/messages';

// The 'Changes' section of an edit dialog: the record's changelog, loaded when it is opened. Nothing
// in an add dialog (a new record has no changes yet).

interface RecordChangesProps {
  /** The kind of record, as the changelog names it. */
  object: string;
  /** The record's facility: its time zone dates the changes. */
  facilityId: (record: { ID: number; facility_id?: number }) => number;
}

function Changes({ object, id, facilityId }: { object: string; id: number; facilityId: number }) {
  const timeZone = useFacilityTimeZone(facilityId);
  const resource = useResourceContext();
  return <ChangesView object={object} id={id} timeZone={timeZone} labels={resource ? `resources.${resource}.fields` : undefined} />;
}

export function RecordChanges({ object, facilityId }: RecordChangesProps) {
  const record = useRecordContext<{ id: number; ID: number; facility_id?: number }>();
  const translate = useTranslate();
  if (!record?.ID) return null;
  return (
    <Accordion disableGutters sx={{ width: '100%', mt: 1 }} slotProps={{ transition: { unmountOnExit: true } }}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Typography>{translate('changes.title')}</Typography>
      </AccordionSummary>
      <AccordionDetails>
        <Changes object={object} id={record.ID} facilityId={facilityId(record)} />
      </AccordionDetails>
    </Accordion>
  );
}
