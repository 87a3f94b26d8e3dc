import { useEffect, useState } from 'react';
import { Button, DialogActions, DialogContent, FormControl, FormControlLabel, FormLabel, Radio, RadioGroup, Stack, Typography } from '@mui/material';
import { Form, TextInput, useTranslate } from 'react-admin';
import { useController, useWatch } from 'react-hook-form';
import { isEmailAddress, splitAddresses } from '../../../../core/api/broadcasts';
import { useTouchlineDataProvider, type BroadcastRecipients, type BroadcastSource } from '../../../../dataProvider';
import { useDialogs } from '../../layout/dialogs';
import { KitDialog } from '../../layout/KitDialog';
import { confirmationKey, type BroadcastVariant } from './variant';
import { MessageInput } from './MessageInput';

// The broadcast dialog (spec 3 §2.12): send to all players or the captain(s) (league and team), Subject,
// BCC and Reply to (comma separated), Sender Name, the rich-text body, Send. It shows how many people the
// message reaches before sending, asks the §8 confirmation, then sends (POST /broadcast: the recipients
// and the BCC entries, one mail each) and says 'Broadcast message sent'.

interface Values { subject: string; bcc: string; reply_to: string; sender: string; html: string; captains: boolean }

export interface BroadcastDialogProps {
  variant: BroadcastVariant;
  source: BroadcastSource;
  facilityId: number;
  filter?: string;
  onClose(): void;
  onSent(): void;
}

function RecipientCount({ variant, source, filter, onChange }: { variant: BroadcastVariant; source: BroadcastSource; filter?: string; onChange(r: BroadcastRecipients | null): void }) {
  const translate = useTranslate();
  const dataProvider = useTouchlineDataProvider();
  const captains = useWatch<Values, 'captains'>({ name: 'captains' });
  const [answer, setAnswer] = useState<BroadcastRecipients | null>(null);
  const key = JSON.stringify(source);
  useEffect(() => {
    let live = true;
    setAnswer(null);
    onChange(null);
    dataProvider.broadcastRecipients(source, variant !== 'class' && captains ? 'captains' : 'players', filter).then((r) => {
      if (!live) return;
      setAnswer(r);
      onChange(r);
    }, () => undefined);
    return () => { live = false; };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, captains, filter, variant]);
  return (
    <Typography role="status" variant="body2" color="text.secondary">
      {answer ? translate('broadcast.count', { smart_count: answer.count }) : translate('broadcast.counting')}
      {answer && answer.unsubscribed > 0 ? ` · ${translate('broadcast.unsubscribed', { smart_count: answer.unsubscribed })}` : ''}
    </Typography>
  );
}

/**
 * Send to all players, or only to the captain(s) (league and team): two named choices under "Send to",
 * rather than a switch whose label named the current mode and so read as its opposite (issue 41 m25).
 */
function SendToChoice({ variant }: { variant: BroadcastVariant }) {
  const translate = useTranslate();
  const { field } = useController<Values, 'captains'>({ name: 'captains' });
  return (
    <FormControl>
      <FormLabel id="broadcast-send-to">{translate('broadcast.send_to')}</FormLabel>
      <RadioGroup row aria-labelledby="broadcast-send-to" value={field.value ? 'captains' : 'players'} onChange={(e) => field.onChange(e.target.value === 'captains')}>
        <FormControlLabel value="players" control={<Radio />} label={translate('broadcast.to_players')} />
        <FormControlLabel value="captains" control={<Radio />} label={translate(variant === 'league' ? 'broadcast.to_captains' : 'broadcast.to_captain')} />
      </RadioGroup>
    </FormControl>
  );
}

export default function BroadcastDialog({ variant, source, facilityId, filter, onClose, onSent }: BroadcastDialogProps) {
  const translate = useTranslate();
  const dialogs = useDialogs();
  const dataProvider = useTouchlineDataProvider();
  const [recipients, setRecipients] = useState<BroadcastRecipients | null>(null);
  const [error, setError] = useState<string | null>(null);

  const submit = async (values: Partial<Values>) => {
    setError(null);
    const subject = (values.subject ?? '').trim();
    if (!subject || !recipients) {
      setError(translate('broadcast.required'));
      return;
    }
    const bcc = splitAddresses(values.bcc ?? '');
    const bad = [...bcc, ...splitAddresses(values.reply_to ?? '')].filter((a) => !isEmailAddress(a));
    if (bad.length > 0) {
      setError(translate('broadcast.invalid', { list: bad.join(', ') }));
      return;
    }
    const captains = variant !== 'class' && Boolean(values.captains);
    const message = translate(`broadcast.confirm.${confirmationKey(variant, captains)}`);
    if (!(await dialogs.confirm({ title: translate('broadcast.confirm_title'), message }))) return;
    const done = await dialogs.run(() => dataProvider.sendBroadcast({
      subject, html: values.html ?? '', recipients: [...new Set([...recipients.recipients, ...bcc.map((b) => b.toLowerCase())])],
      facility_id: facilityId, reply_to: values.reply_to ?? '', sender: (values.sender ?? '').trim(),
      ...(variant === 'league' ? { send_to_captains: captains, send_to_all_team: !captains } : {}),
      ...source,
    }));
    if (!done) return;
    dialogs.notifySuccess('broadcast.sent');
    onSent();
    onClose();
  };

  return (
    <KitDialog open onClose={onClose} maxWidth="md" title={translate(variant === 'class' ? 'broadcast.title_class' : 'broadcast.title')}>
      <Form onSubmit={(v: Record<string, unknown>) => submit(v as Partial<Values>)} defaultValues={{ subject: '', bcc: '', reply_to: '', sender: '', html: '', captains: false }}>
        {/* The form sits between the title and the content: MUI's title-then-content spacing is set here. */}
        <DialogContent sx={{ pt: 0 }}>
          <Stack spacing={1} sx={{ pt: 1 }}>
            {variant !== 'class' && <SendToChoice variant={variant} />}
            <RecipientCount variant={variant} source={source} filter={filter} onChange={setRecipients} />
            <TextInput source="subject" label="broadcast.subject" isRequired helperText={false} />
            <TextInput source="bcc" label="broadcast.bcc" isRequired helperText={false} />
            <TextInput source="reply_to" label="broadcast.reply_to" isRequired helperText={false} />
            <TextInput source="sender" label="broadcast.sender" helperText={false} />
            <MessageInput source="html" label="broadcast.body" fullWidth helperText={false} />
            {error && <Typography role="alert" color="error">{error}</Typography>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={!recipients}>{translate('broadcast.send')}</Button>
        </DialogActions>
      </Form>
    </KitDialog>
  );
}
