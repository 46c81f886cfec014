import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AssignForm } from '@/features/programmes/assign-form';
import { AssignmentActions } from '@/features/programmes/assignment-actions';
import { emptyDraft } from '@/features/programmes/programme-draft';
import { ProgrammeEditor } from '@/features/programmes/programme-editor';
import { useSaveProgramme } from '@/features/programmes/api/templates';

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
    function TemplateEditor() {
      const save = useSaveProgramme();
      return (
        <ProgrammeEditor
          initial={emptyDraft()}
          audios={audios}
          save={save}
          onSaved={onSaved}
          onCancel={vi.fn()}
        />
      );
    }
    render(wrap(<TemplateEditor />));
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

describe("a client's assignment: edit and remove", () => {
  const assignment = {
    id: 'as1',
    userId: 'u1',
    email: 'client@example.com',
    note: 'Start tonight',
    access: 'granted' as const,
    assignedAt: '2026-11-20T10:00:00Z',
    audio: null,
    programme: {
      id: 'copy1',
      title: 'Sleep well',
      introduction: 'Three evenings',
      sequentialUnlock: true,
      steps: [
        { id: 's1', position: 1, dayNumber: 1, note: 'Night 1', productId: 'a1', title: 'Deep Sleep' },
        { id: 's2', position: 2, dayNumber: 2, note: 'Night 2', productId: 'a2', title: 'Calm Breath' },
      ],
    },
  };

  it("edits this client's copy and its note, not a template", async () => {
    supabase.rpc.mockResolvedValue({ data: null, error: null });
    render(
      wrap(
        <AssignmentActions assignment={assignment} title="Sleep well" audios={audios} onRemoved={vi.fn()} />,
      ),
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Edit Sleep well for this client' }));
    const form = screen.getByRole('form', { name: 'Edit for this client: Sleep well' });
    expect(form).toHaveTextContent("Changes this client's copy only");
    await user.clear(screen.getByLabelText('Note to the client'));
    await user.type(screen.getByLabelText('Note to the client'), 'Rest a day');
    await user.clear(screen.getByLabelText('Step 2: day'));
    await user.type(screen.getByLabelText('Step 2: day'), '3');
    await user.click(screen.getByRole('button', { name: 'Save for this client' }));
    expect(supabase.rpc).toHaveBeenCalledWith('admin_edit_assignment', {
      p_id: 'as1',
      p_note: 'Rest a day',
      p_title: 'Sleep well',
      p_introduction: 'Three evenings',
      p_sequential_unlock: true,
      p_steps: [
        { product_id: 'a1', day_number: 1, note: 'Night 1' },
        { product_id: 'a2', day_number: 3, note: 'Night 2' },
      ],
    });
    expect(await screen.findByRole('status')).toHaveTextContent('Saved "Sleep well" for this client.');
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('asks before removing, takes the included audio back unless the practitioner keeps it', async () => {
    supabase.rpc.mockResolvedValue({ data: null, error: null });
    const onRemoved = vi.fn();
    render(
      wrap(
        <AssignmentActions
          assignment={assignment}
          title="Sleep well"
          audios={audios}
          onRemoved={onRemoved}
        />,
      ),
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Remove Sleep well from this client' }));
    expect(supabase.rpc).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(screen.getByLabelText('Take it back (audio the client bought stays theirs)')).toBeChecked();
    await user.click(screen.getByLabelText('Let the client keep it, as their own audio'));
    await user.click(screen.getByRole('button', { name: 'Yes, remove' }));
    expect(supabase.rpc).toHaveBeenCalledWith('admin_remove_assignment', { p_id: 'as1', p_keep_audio: true });
    expect(onRemoved).toHaveBeenCalledWith({
      variant: 'success',
      text: 'Removed "Sleep well". The client keeps the audio it included.',
    });
  });

  it('says so when removing fails, and keeps the question open', async () => {
    supabase.rpc.mockResolvedValue({ data: null, error: { message: 'No such assignment' } });
    const onRemoved = vi.fn();
    render(
      wrap(
        <AssignmentActions
          assignment={assignment}
          title="Sleep well"
          audios={audios}
          onRemoved={onRemoved}
        />,
      ),
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Remove Sleep well from this client' }));
    await user.click(screen.getByRole('button', { name: 'Yes, remove' }));
    expect(supabase.rpc).toHaveBeenCalledWith('admin_remove_assignment', {
      p_id: 'as1',
      p_keep_audio: false,
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('No such assignment');
    expect(onRemoved).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Yes, remove' })).toBeInTheDocument();
  });
});
