import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AssignForm } from '@/features/programmes/assign-form';
import { emptyDraft, ProgrammeEditor } from '@/features/programmes/programme-editor';

const supabase = vi.hoisted(() => ({
  rpc: vi.fn(),
  functions: { invoke: vi.fn() },
}));
vi.mock('@/lib/supabase', () => ({ getSupabase: () => Promise.resolve(supabase) }));

const audios = [
  { id: 'a1', title: 'Deep Sleep', category: 'Sleep' },
  { id: 'a2', title: 'Calm Breath', category: 'Anxiety' },
];

function wrap(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

beforeEach(() => {
  supabase.rpc.mockReset();
  supabase.functions.invoke.mockReset();
});

describe('the programme editor', () => {
  it('refuses a step without an audio, then saves the steps in the order shown, with days and notes', async () => {
    supabase.rpc.mockResolvedValue({ data: 'p1', error: null });
    const onSaved = vi.fn();
    render(
      wrap(<ProgrammeEditor initial={emptyDraft()} audios={audios} onSaved={onSaved} onCancel={vi.fn()} />),
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Title'), 'Sleep well');
    await user.click(screen.getByRole('button', { name: 'Add a step' }));
    expect(screen.getByLabelText('Step 2: day')).toHaveValue(2);
    await user.click(screen.getByRole('button', { name: 'Save as template' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Every step needs an audio and a day from 1.');
    expect(supabase.rpc).not.toHaveBeenCalled();

    await user.selectOptions(screen.getByLabelText('Step 1: audio'), 'a1');
    await user.selectOptions(screen.getByLabelText('Step 2: audio'), 'a2');
    await user.type(screen.getByLabelText('Step 2: note'), 'Before bed');
    await user.click(screen.getByRole('button', { name: 'Move step 2 up' }));
    await user.click(screen.getByRole('button', { name: 'Save as template' }));
    expect(supabase.rpc).toHaveBeenCalledWith('admin_save_programme', {
      p_id: null,
      p_title: 'Sleep well',
      p_introduction: '',
      p_sequential_unlock: true,
      p_steps: [
        { product_id: 'a2', day_number: 2, note: 'Before bed' },
        { product_id: 'a1', day_number: 1, note: '' },
      ],
    });
    expect(onSaved).toHaveBeenCalledWith('Sleep well');
  });
});

describe('the assign form', () => {
  const programmes = [{ id: 'p1', title: 'Sleep well', introduction: '', sequentialUnlock: true, steps: [] }];

  it('needs an email and a choice, then assigns, emails, and says the new address was invited', async () => {
    supabase.rpc.mockResolvedValue({ data: { assignment_id: 'as1', has_account: false }, error: null });
    supabase.functions.invoke.mockResolvedValue({ data: { sent: true, hasAccount: false }, error: null });
    render(wrap(<AssignForm programmes={programmes} audios={audios} />));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Assign' }));
    expect(screen.getByRole('alert')).toHaveTextContent("Enter the client's email address.");
    await user.type(screen.getByLabelText("Client's email address"), 'new@example.com');
    await user.click(screen.getByRole('button', { name: 'Assign' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a programme or an audio.');

    await user.selectOptions(screen.getByLabelText('What to assign'), 'programme:p1');
    await user.type(screen.getByLabelText('Note to the client'), 'Start tonight');
    await user.click(screen.getByLabelText('Offered for purchase'));
    await user.click(screen.getByRole('button', { name: 'Assign' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Assigned to new@example.com. They have been invited to create an account',
    );
    expect(supabase.rpc).toHaveBeenCalledWith('admin_assign_to_client', {
      p_email: 'new@example.com',
      p_programme_id: 'p1',
      p_product_id: null,
      p_note: 'Start tonight',
      p_access: 'offered',
    });
    expect(supabase.functions.invoke).toHaveBeenCalledWith('notify-assignment', {
      body: { assignmentId: 'as1' },
    });
  });

  it('says so when the email could not be sent, and shows a refusal', async () => {
    supabase.rpc.mockResolvedValueOnce({ data: { assignment_id: 'as2', has_account: true }, error: null });
    supabase.functions.invoke.mockResolvedValue({ data: { sent: false, hasAccount: true }, error: null });
    render(wrap(<AssignForm programmes={programmes} audios={audios} email="client@example.com" />));
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('What to assign'), 'audio:a1');
    await user.click(screen.getByRole('button', { name: 'Assign' }));
    expect(await screen.findByRole('status')).toHaveTextContent('the email could not be sent');

    supabase.rpc.mockResolvedValueOnce({ data: null, error: { message: 'Admin privileges required' } });
    await user.selectOptions(screen.getByLabelText('What to assign'), 'audio:a2');
    await user.click(screen.getByRole('button', { name: 'Assign' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Admin privileges required');
  });
});
