import { Suspense, useState } from 'react';
import { Alert, Box, Button, Chip, Divider, Link, Paper, Stack, Tab, Tabs, Typography } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import { NumberInput, SelectInput, ShowBase, Title, useDataProvider, useDelete, useGetRecordId, usePermissions, useShowContext, useTranslate } from 'react-admin';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import {
  contractMarketingList, deleteContractEvents, generateContractDocument, sendContractDocument, setContractFee, updateContract, voidContractDocument,
} from '../../core/api/contracts';
import type { Role } from '../../core/constants';
import { formatDollars } from '../../core/money';
import { can } from '../../core/permissions';
import { DETAIL_META, type ContractDetail as Contract, type TouchlineDataProvider } from '../../dataProvider';
import { editPath } from '../../src/kit/entity/paths';
import { useDeclaredMutation } from '../../src/kit/entity/useDeclared';
import { downloadSpreadsheet } from '../../src/kit/components/ExportButton';
import { useDialogs } from '../../src/kit/layout/dialogs';
import { DeclaredDialog } from '../../src/kit/entity/DeclaredDialog';
import { InvoicePage } from '../invoice';
import { ContractEventsTab } from './ContractEventsTab';
import { useContractTypes } from './ContractInputs';
import { ContractHistoryTab } from './ContractHistoryTab';
import { dateTime, money } from './shared';
import './messages';
import { shownEmail } from '../../src/kit/components/ContactText';


// /contract/{id} (spec 2 §2 Contract detail): the left card (name, facility, comment, customer,
// document actions and state, main hourly fee, event type, events and invoice summaries, actions)
// and the Events / Invoice / History tabs. Opening warns when event prices and invoice differ by
// more than $10 (spec 2 §5). The contract resource's show view, read by react-admin's ShowBase (getOne:
// GET /contract/{id}, the detail in one call); a failed read is shown by the app's error dialog, where
// the page stays. Every change is a react-admin mutation or a declared one naming the contract and
// invoices, so every open view of them (this card, its tabs, the invoice) shows it without a reload.

type ContractRow = Contract & { id: number };

export default function ContractShow() {
  const translate = useTranslate();
  const id = useGetRecordId();
  return (
    <ShowBase<ContractRow> resource="contract" redirectOnError={false} queryOptions={{ meta: DETAIL_META, onError: () => undefined }}>
      <Title title={translate('contracts.contract', { id })} />
      <ContractDetail />
    </ShowBase>
  );
}

function ContractDetail() {
  const translate = useTranslate();
  const { record: contract } = useShowContext<ContractRow>();
  const [tab, setTab] = useState(0);
  if (!contract) return null;
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ p: 2 }} alignItems="flex-start">
      <LeftCard contract={contract} />
      <Paper sx={{ flex: 1, p: 2, minWidth: 0 }}>
        {contract.price_mismatch && <Alert severity="warning" sx={{ mb: 1 }}>{translate('contracts.mismatch')}</Alert>}
        <Tabs value={tab} onChange={(_, v) => setTab(v)}>
          <Tab label={translate('contracts.tabs.events')} />
          <Tab label={translate('contracts.tabs.invoice')} />
          <Tab label={translate('contracts.tabs.history')} />
        </Tabs>
        <Box sx={{ pt: 2 }}>
          {tab === 0 && <ContractEventsTab contract={contract} />}
          {tab === 1 && contract.invoice && <Suspense fallback={null}><InvoicePage invoiceId={contract.invoice.ID} /></Suspense>}
          {tab === 2 && <ContractHistoryTab contractId={contract.ID} zone={contract.facility.time_zone} />}
        </Box>
      </Paper>
    </Stack>
  );
}

function Line({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack direction="row" justifyContent="space-between" spacing={2}>
      <Typography variant="body2" color="text.secondary">{label}</Typography>
      <Typography variant="body2" component="div" textAlign="right">{children}</Typography>
    </Stack>
  );
}

/** What a change of the contract writes: its views and its invoice's. */
const CONTRACT_WRITES = ['contract', 'invoice'];

/** The contract's changes that are declared calls: each refreshes the contract's and invoices' open views. */
function useContractCalls() {
  const written = { invalidates: CONTRACT_WRITES, meta: { errorDialog: false } };
  return {
    generate: useDeclaredMutation(generateContractDocument, written),
    send: useDeclaredMutation(sendContractDocument, written),
    void: useDeclaredMutation(voidContractDocument, written),
    deleteEvents: useDeclaredMutation(deleteContractEvents, written),
  };
}

function LeftCard({ contract }: { contract: Contract }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const dataProvider = useDataProvider<TouchlineDataProvider>();
  const calls = useContractCalls();
  const { confirm, confirmDelete, notifySuccess, run } = useDialogs();
  const { permissions: role } = usePermissions<Role>();
  const [remove] = useDelete();
  const [edit, setEdit] = useState<'fee' | 'type' | null>(null);
  const zone = contract.facility.time_zone;
  const invoice = contract.invoice;
  const mayDelete = can(role, 'contracts', 'delete') && !contract.has_payments;
  const atMainFee = contract.events.filter((e) => !e.custom_price).length;

  const id = { params: { id: contract.ID } };
  const doc = async (action: 'generate' | 'send' | 'void') => {
    if (action === 'void' && !(await confirm({ message: 'contracts.card.void_confirm' }))) return;
    const done = await run(() => calls[action].mutateAsync(id));
    if (!done) return;
    if (action === 'generate') notifySuccess('contracts.generated');
    if (action === 'send') notifySuccess('contracts.sent');
  };
  const openDoc = async () => {
    const url = await run(() => dataProvider.contractDocUrl(contract.ID));
    if (url) window.open(url, '_blank');
  };
  /** The marketing list (customer and pickup players) as a spreadsheet for the marketing tool, its addresses copied too. */
  const marketing = async () => {
    const people = await run(() => dataProvider.call(contractMarketingList, id));
    if (!people) return;
    const columns = ['first_name', 'last_name', 'email', 'phone'] as const;
    await downloadSpreadsheet({
      prefix: `contract_${contract.ID}_marketing`, sheetName: 'Marketing list',
      header: columns.map((c) => translate(`contracts.marketing.${c}`)), rows: people.map((p) => columns.map((c) => (c === 'email' ? shownEmail(p.email) : p[c]))),
    });
    await navigator.clipboard?.writeText(people.flatMap((p) => (p.email ? [shownEmail(p.email)] : [])).join('\n')).catch(() => undefined);
    notifySuccess('contracts.card.marketing_done', { messageArgs: { count: people.length } });
  };
  const deleteEvents = async () => {
    if (!(await confirmDelete({ message: translate('contracts.card.delete_events_confirm', { count: contract.events.length }) }))) return;
    await run(() => calls.deleteEvents.mutateAsync({ ...id, body: { all: true } }));
  };
  const deleteContract = async () => {
    if (!(await confirmDelete())) return;
    if (await run(() => remove('contract', { id: contract.ID, previousData: { ...contract, id: contract.ID } }, { returnPromise: true }))) navigate('/contract');
  };

  return (
    <Paper sx={{ p: 2, width: { md: 360 }, flexShrink: 0 }}>
      <Stack spacing={1}>
        <Stack direction="row" alignItems="center" justifyContent="space-between" spacing={1}>
          <Typography variant="h6" component="h2" data-testid="contract-name">{contract.name}</Typography>
          <Button size="small" component={RouterLink} to={editPath('contract', contract.ID)} startIcon={<EditIcon />}>{translate('contracts.card.edit')}</Button>
        </Stack>
        <Stack direction="row" spacing={1}><Chip size="small" label={contract.facility.name} /><Chip size="small" label={contract.product_type.name} /></Stack>
        {contract.comment && <Typography variant="body2">{contract.comment}</Typography>}
        {contract.customer && (
          <Line label={translate('contracts.card.customer')}>
            <Link component={RouterLink} to={`/customer/${contract.customer.ID}`}>{`${contract.customer.first_name} ${contract.customer.last_name}`}</Link>
          </Line>
        )}
        <Divider />
        <Line label={translate('contracts.card.document')}>
          <span data-testid="doc-state">{translate(`contracts.card.states.${contract.doc_state}`)}</span>
        </Line>
        <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
          {contract.doc_state === 'none' && <Button size="small" variant="outlined" onClick={() => void doc('generate')}>{translate('contracts.card.generate')}</Button>}
          {contract.doc_state === 'generated' && <Button size="small" variant="outlined" onClick={() => void doc('send')}>{translate('contracts.card.send')}</Button>}
          {(contract.doc_state === 'generated' || contract.doc_state === 'sent') && <Button size="small" color="warning" onClick={() => void doc('void')}>{translate('contracts.card.void')}</Button>}
          {contract.doc_state !== 'none' && <Button size="small" onClick={() => void openDoc()}>{translate('contracts.card.open_doc')}</Button>}
        </Stack>
        {contract.sent && (
          <Line label={translate('contracts.card.signed')}>
            <span data-testid="signed-flag">{contract.signed
              ? translate('contracts.card.signed_by', { name: contract.signed_name, date: dateTime(contract.signed_at, zone) })
              : translate('contracts.card.not_signed')}</span>
          </Line>
        )}
        <Divider />
        <Line label={translate('contracts.card.fee')}>
          {money(contract.fee)} <Button size="small" onClick={() => setEdit('fee')}>{translate('contracts.card.edit')}</Button>
        </Line>
        <Line label={translate('contracts.card.event_type')}>
          {contract.product_type.name} <Button size="small" onClick={() => setEdit('type')}>{translate('contracts.card.edit')}</Button>
        </Line>
        <Divider />
        <Typography variant="subtitle2">{translate('contracts.card.events')}</Typography>
        <Line label={translate('contracts.card.start')}>{dateTime(contract.summary.start, zone)}</Line>
        <Line label={translate('contracts.card.end')}>{dateTime(contract.summary.end, zone)}</Line>
        <Line label={translate('contracts.card.count')}><span data-testid="events-count">{contract.summary.count}</span></Line>
        <Line label={translate('contracts.card.hours')}>{contract.summary.hours}</Line>
        {invoice && (
          <>
            <Typography variant="subtitle2">{translate('contracts.card.invoice')}</Typography>
            <Line label={translate('contracts.card.rental_total')}><span data-testid="rental-total">{money(invoice.invoiced)}</span></Line>
            <Line label={translate('contracts.card.paid')}>{money(invoice.paid)}</Line>
            <Line label={translate('contracts.card.discount')}>{money(invoice.discounted)}</Line>
            <Line label={`${translate('contracts.card.balance')} (${translate('contracts.card.with_tax')})`}><span data-testid="balance-with-tax">{money(invoice.balance)}</span></Line>
            <Line label={`${translate('contracts.card.balance')} (${translate('contracts.card.without_tax')})`}>{money(invoice.invoiced - invoice.discounted - invoice.paid)}</Line>
          </>
        )}
        <Divider />
        <Button size="small" onClick={() => void marketing()}>{translate('contracts.card.marketing')}</Button>
        <Button size="small" color="error" disabled={!mayDelete || !contract.events.length} onClick={() => void deleteEvents()}>{translate('contracts.card.delete_events')}</Button>
        <Button size="small" color="error" disabled={!mayDelete} onClick={() => void deleteContract()}>{translate('contracts.card.delete_contract')}</Button>
      </Stack>
      {edit === 'fee' && <FeeDialog contract={contract} atMainFee={atMainFee} onClose={() => setEdit(null)} />}
      {edit === 'type' && <TypeDialog contract={contract} onClose={() => setEdit(null)} />}
    </Paper>
  );
}

/** The main hourly fee (PUT /contract/fee/{id}?fee, checked by its declaration: 'The price looks weird'), confirmed with the events it reprices. */
function FeeDialog({ contract, atMainFee, onClose }: { contract: Contract; atMainFee: number; onClose(): void }) {
  const translate = useTranslate();
  const { confirm } = useDialogs();
  return (
    <DeclaredDialog title="contracts.card.fee_title" endpoint={setContractFee} part="query" invalidates={CONTRACT_WRITES} onClose={onClose} maxWidth="xs"
      defaultValues={{ fee: contract.fee }}
      input={(values) => ({ params: { id: contract.ID }, query: { fee: values.fee } })}
      confirm={(values) => confirm({ message: translate('contracts.card.fee_confirm', { fee: formatDollars(values.fee), count: atMainFee }) })}>
      <NumberInput source="fee" label="contracts.fee" step={0.01} min={0} autoFocus />
    </DeclaredDialog>
  );
}

/** The event type, one of the contract product types (as the edit view offers them); its events and invoice follow. */
function TypeDialog({ contract, onClose }: { contract: Contract; onClose(): void }) {
  return (
    <DeclaredDialog title="contracts.card.type_title" endpoint={updateContract} invalidates={CONTRACT_WRITES} onClose={onClose} maxWidth="xs"
      defaultValues={{ product_type_id: contract.product_type_id }}
      input={(values) => ({ params: { id: contract.ID }, body: { product_type_id: values.product_type_id } })}>
      <SelectInput source="product_type_id" label="contracts.product_type" choices={useContractTypes()} isRequired />
    </DeclaredDialog>
  );
}
