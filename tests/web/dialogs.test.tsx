import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor, waitForElementToBeRemoved } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { AdminContext, HttpError, memoryStore, useGetOne, useNotify, useUpdate, type DataProvider } from 'react-admin';
import { createI18nProvider } from '../../src/kit/i18n/i18nProvider';
import { createDialogStore, createQueryClient, DialogStoreProvider, errorText, GlobalDialogs, useDialogs } from '../../src/kit/layout/dialogs';
import { FormDialog, useFormCall } from '../../src/kit/components/FormDialog';
import { fakeDataProvider } from './support/app';

afterEach(cleanup);

const serverError = (status: number, message: string) => new HttpError(message, status, { statusCode: status, error: 'Bad Request', message });

function renderWithDialogs(ui: React.ReactNode, dataProvider: DataProvider = fakeDataProvider()) {
  const dialogs = createDialogStore();
  render(
    <MemoryRouter useTransitions={false}>
      <DialogStoreProvider value={dialogs}>
        <AdminContext dataProvider={dataProvider} queryClient={createQueryClient(dialogs)} i18nProvider={createI18nProvider('en')} store={memoryStore()}>
          {ui}
          <GlobalDialogs />
        </AdminContext>
      </DialogStoreProvider>
    </MemoryRouter>,
  );
}

function LoadsOne() {
  const { error } = useGetOne('customers', { id: 3 });
  return error ? <p>Load failed</p> : null;
}

function Saves() {
  const [update] = useUpdate();
  return <button onClick={() => update('customers', { id: 3, data: { note: 'x' }, previousData: { id: 3 } }, { mutationMode: 'pessimistic' })}>Save</button>;
}

function CustomCall({ work }: { work: () => Promise<string> }) {
  const { run } = useDialogs();
  const [result, setResult] = useState('none');
  return <button onClick={async () => setResult(String(await run(work)))}>Run ({result})</button>;
}

describe('the error dialog (spec 1 §8)', () => {
  it("opens on a failed dataProvider query with the server's message, and Dismiss closes it", async () => {
    renderWithDialogs(<LoadsOne />, { ...fakeDataProvider(), getOne: () => Promise.reject(serverError(404, 'Customer 3 not found')) });
    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(dialog).toHaveTextContent('Customer 3 not found');
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitForElementToBeRemoved(() => screen.queryByRole('dialog', { name: 'Error' }));
  });

  it('opens on a failed mutation, once', async () => {
    renderWithDialogs(<Saves />, { ...fakeDataProvider(), update: () => Promise.reject(serverError(400, 'note: must be at most 500 characters')) });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('dialog', { name: 'Error' })).toHaveTextContent('note: must be at most 500 characters');
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
  });

  it('leaves 401 answers to the redirect to /login', async () => {
    renderWithDialogs(<LoadsOne />, {
      ...fakeDataProvider(),
      getOne: () => Promise.reject(new HttpError('Your session has expired', 401, { code: 401, message: 'Your session has expired' })),
    });
    // The component sees the failure after the query cache's error handler (which opens the dialog) has run.
    expect(await screen.findByText('Load failed')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Error' })).not.toBeInTheDocument();
  });

  it("shows react-admin's error notices in the dialog too", async () => {
    function Notifies() {
      const notify = useNotify();
      return <button onClick={() => notify('ra.notification.http_error', { type: 'error' })}>Notify</button>;
    }
    renderWithDialogs(<Notifies />);
    await userEvent.click(screen.getByRole('button', { name: 'Notify' }));
    expect(await screen.findByRole('dialog', { name: 'Error' })).toHaveTextContent('Server communication error');
  });

  it('reports a custom call through run(): loading indicator meanwhile, dialog and undefined on failure', async () => {
    let fail: (error: unknown) => void = () => undefined;
    renderWithDialogs(<CustomCall work={() => new Promise((_resolve, reject) => (fail = reject))} />);
    await userEvent.click(screen.getByRole('button', { name: 'Run (none)' }));
    expect(screen.getByRole('progressbar', { name: 'loading' })).toBeInTheDocument();
    fail(new Error('The terminal did not answer'));
    expect(await screen.findByRole('dialog', { name: 'Error' })).toHaveTextContent('The terminal did not answer');
    expect(screen.queryByRole('progressbar', { name: 'loading' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Run (undefined)', hidden: true })).toBeInTheDocument();
  });
});

describe('a form dialog', () => {
  let refuse: (error: unknown) => void = () => undefined;
  function RefusedForm() {
    const { message, busy, call } = useFormCall();
    const work = () => new Promise((_resolve, reject) => (refuse = reject));
    return (
      <FormDialog title="Pay" onClose={() => undefined} onSubmit={() => void call(work)} submitDisabled={busy} message={message}>
        <span>fields</span>
      </FormDialog>
    );
  }

  it('is busy while its call runs and shows a refusal on the form, not in the error dialog', async () => {
    renderWithDialogs(<RefusedForm />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    refuse(serverError(400, 'Amount cannot be 0'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Amount cannot be 0');
    expect(screen.queryByRole('dialog', { name: 'Error' })).not.toBeInTheDocument();
    // The refusal is shown from the call's error handler, a moment before the call settles and the busy
    // flag drops: Save comes back once it has.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
  });
});

describe('the error text', () => {
  it("prefers the response's message, then the error's message, then a dump", () => {
    expect(errorText(serverError(409, 'This field is booked'))).toBe('This field is booked');
    expect(errorText({ body: 'Service Unavailable', message: 'HTTP 503' })).toBe('Service Unavailable');
    expect(errorText(new Error('Failed to fetch'))).toBe('Failed to fetch');
    expect(errorText({ code: 7 })).toBe(JSON.stringify({ code: 7 }, null, 2));
  });
});

describe('confirm, delete confirm and success snackbar', () => {
  function Asks() {
    const { confirm, confirmDelete, notifySuccess } = useDialogs();
    const [answer, setAnswer] = useState('');
    return (
      <>
        <button onClick={async () => setAnswer(`confirm:${await confirm({ message: 'send this message to all participants' })}`)}>Ask</button>
        <button onClick={async () => setAnswer(`delete:${await confirmDelete()}`)}>Ask delete</button>
        <button onClick={() => notifySuccess('Customer created successfully!')}>Succeed</button>
        <output>{answer}</output>
      </>
    );
  }

  it('resolves true when confirmed', async () => {
    renderWithDialogs(<Asks />);
    await userEvent.click(screen.getByRole('button', { name: 'Ask' }));
    expect(await screen.findByRole('dialog', { name: 'Are you sure?' })).toHaveTextContent('Send this message to all participants');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.getByRole('status', { hidden: true })).toHaveTextContent('confirm:true'));
  });

  it('warns that a delete is irreversible and resolves false on Cancel', async () => {
    renderWithDialogs(<Asks />);
    await userEvent.click(screen.getByRole('button', { name: 'Ask delete' }));
    expect(await screen.findByRole('dialog', { name: 'Delete' })).toHaveTextContent('This action is irreversible'); // the spec's words, as a sentence (issue 22 item 15)
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByRole('status', { hidden: true })).toHaveTextContent('delete:false'));
  });

  it('shows the success snackbar', async () => {
    renderWithDialogs(<Asks />);
    await userEvent.click(screen.getByRole('button', { name: 'Succeed' }));
    expect(await screen.findByText('Customer created successfully!')).toBeInTheDocument();
  });
});
