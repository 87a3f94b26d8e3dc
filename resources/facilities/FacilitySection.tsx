import { Accordion, AccordionDetails, AccordionSummary, Typography } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import type { ReactNode } from 'react';
import { useRecordContext, useTranslate } from 'react-admin';

/**
 * A section of a facility's edit dialog kept by calls of its own (the waiver, the sibling discount):
 * folded under its title, its content mounted (and read) only once opened.
 */
export function FacilitySection({ title, children }: { title: string; children(facilityId: number): ReactNode }) {
  const record = useRecordContext<{ ID: number }>();
  const translate = useTranslate();
  if (!record?.ID) return null;
  return (
    <Accordion disableGutters sx={{ width: '100%', mt: 1 }} slotProps={{ transition: { unmountOnExit: true } }}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Typography>{translate(title)}</Typography>
      </AccordionSummary>
      <AccordionDetails>{children(record.ID)}</AccordionDetails>
    </Accordion>
  );
}
