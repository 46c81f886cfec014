import { File as NodeFile } from 'node:buffer';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AssignmentActions } from '@/features/programmes/assignment-actions';
import { emptyDraft } from '@/features/programmes/programme-draft';
import { ProgrammeEditor } from '@/features/programmes/programme-editor';
import { toneMp3 } from '../../supabase/local/seed/mp3';

// A step of a client's copy can be audio uploaded for that client (docs/programmes.md "Private audio as a
// step"): uploaded in the step with the assign form's checks, progress and errors, or one uploaded before;
// templates stay catalogue-only and say so.

const storage = vi.hoisted(() => ({ remove: vi.fn() }));
const privateAudioRead = vi.hoisted(() => ({ eq: vi.fn(), order: vi.fn() }));
const supabase = vi.hoisted(() => ({
  rpc: vi.fn(),
  from: vi.fn(),
  functions: { invoke: vi.fn() },
  auth: { getSession: vi.fn() },
  storage: { from: vi.fn() },
}));
vi.mock('@/lib/supabase', () => ({ getSupabase: () => Promise.resolve(supabase) }));

const uploads: FakeUpload[] = [];
class FakeUpload {
  url = '';
  status = 0;
  responseText = '';
  upload: {
    onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
  } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  send() {
    uploads.push(this);
  }
  answer(status: number) {
    this.status = status;
    this.onload?.();
  }
}

const audios = [
  { id: 'a1', title: 'Deep Sleep', category: 'Sleep' },
  { id: 'a2', title: 'Calm Breath', category: 'Anxiety' },
];
const mp3 = () =>
  new NodeFile([toneMp3(95)] as never, 'Your name.mp3', { type: 'audio/mpeg' }) as unknown as File;

const assignment = {
  id: 'as1',
  userId: 'u1',
  email: 'Client@example.com',
  note: '',
  access: 'granted' as const,
  assignedAt: '2026-11-20T10:00:00Z',
  audio: null,
  programme: {
    id: 'copy1',
    title: 'Sleep well',
    introduction: '',
    sequentialUnlock: true,
    steps: [
      { id: 's1', position: 1, dayNumber: 1, note: 'Night 1', productId: 'a1', title: 'Deep Sleep' },
      { id: 's2', position: 2, dayNumber: 2, note: 'Night 2', productId: 'a2', title: 'Calm Breath' },
    ],
  },
};

function wrap(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

async function openEditor() {
  render(
    wrap(
      <AssignmentActions assignment={assignment} title="Sleep well" audios={audios} onRemoved={vi.fn()} />,
    ),
  );
  const user = userEvent.setup({ applyAccept: false });
  await user.click(screen.getByRole('button', { name: 'Edit Sleep well for this client' }));
  const step2 = screen.getByLabelText('Step 2: audio');
  await within(step2).findByRole('option', { name: 'Earlier recording' });
  return { user, step2 };
}

beforeEach(() => {
  uploads.length = 0;
  vi.stubGlobal('XMLHttpRequest', FakeUpload);
  supabase.rpc.mockReset();
  // check-audio-upload's answer for real audio (the server's reading of the stored bytes).
  supabase.functions.invoke
    .mockReset()
    .mockResolvedValue({ data: { durationSeconds: 95, contentType: 'audio/mpeg' }, error: null });
  supabase.auth.getSession.mockResolvedValue({ data: { session: { access_token: 'token' } } });
  storage.remove.mockReset().mockResolvedValue({ data: [], error: null });
  supabase.storage.from.mockReset().mockReturnValue(storage);
  privateAudioRead.order
    .mockReset()
    .mockResolvedValue({ data: [{ id: 'pa0', title: 'Earlier recording' }], error: null });
  privateAudioRead.eq.mockReset().mockReturnValue(privateAudioRead);
  supabase.from.mockReset().mockReturnValue({ select: () => privateAudioRead });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("a client's copy: a step of audio uploaded for this client", () => {
  it('uploads it in the step with progress, then saves the step as that private audio', async () => {
    supabase.rpc.mockImplementation((name: string) =>
      Promise.resolve(
        name === 'admin_add_private_audio' ? { data: 'pa1', error: null } : { data: null, error: null },
      ),
    );
    const { user, step2 } = await openEditor();
    expect(supabase.from).toHaveBeenCalledWith('private_audio');
    expect(privateAudioRead.eq).toHaveBeenCalledWith('email', 'client@example.com');
    expect(screen.queryByText(/A template is for any client/)).toBeNull();

    await user.selectOptions(step2, 'upload');
    const group = screen.getByRole('group', { name: 'Upload audio for step 2' });
    await user.click(within(group).getByRole('button', { name: 'Upload for step 2' }));
    expect(within(group).getByRole('alert')).toHaveTextContent('Choose the audio file to upload.');

    await user.upload(screen.getByLabelText('Step 2: audio file'), mp3());
    expect(screen.getByLabelText('Step 2: title the client sees')).toHaveValue('Your name');
    expect(screen.getByLabelText('Step 2: audio file')).toHaveAccessibleDescription(
      /Only this client can listen/,
    );
    await user.click(within(group).getByRole('button', { name: 'Upload for step 2' }));
    await vi.waitFor(() => expect(uploads).toHaveLength(1));
    const name = /\/storage\/v1\/object\/private-audio\/([0-9a-f-]{36}\.mp3)$/.exec(uploads[0]!.url)?.[1];
    expect(name).toBeDefined();
    uploads[0]!.upload.onprogress?.({ lengthComputable: true, loaded: 40, total: 100 });
    expect(await screen.findByText('Uploading… 40%')).toBeInTheDocument();
    uploads[0]!.answer(200);

    await vi.waitFor(() => expect(step2).toHaveValue('private:pa1'));
    expect(supabase.rpc).toHaveBeenCalledWith('admin_add_private_audio', {
      p_assignment_id: 'as1',
      p_title: 'Your name',
      p_duration_seconds: 95,
      p_object_path: name,
    });
    expect(screen.queryByRole('group', { name: 'Upload audio for step 2' })).toBeNull();
    // Offered to the other steps too.
    expect(
      within(screen.getByLabelText('Step 1: audio')).getByRole('option', { name: 'Your name' }),
    ).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Save for this client' }));
    expect(supabase.rpc).toHaveBeenCalledWith('admin_edit_assignment', {
      p_id: 'as1',
      p_note: '',
      p_title: 'Sleep well',
      p_introduction: '',
      p_sequential_unlock: true,
      p_steps: [
        { product_id: 'a1', day_number: 1, note: 'Night 1' },
        { private_audio_id: 'pa1', day_number: 2, note: 'Night 2' },
      ],
    });
  });

  it('uses one uploaded before for this client', async () => {
    supabase.rpc.mockResolvedValue({ data: null, error: null });
    const { user, step2 } = await openEditor();
    await user.selectOptions(step2, 'private:pa0');
    await user.click(screen.getByRole('button', { name: 'Save for this client' }));
    expect(supabase.rpc).toHaveBeenCalledWith(
      'admin_edit_assignment',
      expect.objectContaining({
        p_steps: [
          { product_id: 'a1', day_number: 1, note: 'Night 1' },
          { private_audio_id: 'pa0', day_number: 2, note: 'Night 2' },
        ],
      }),
    );
  });

  it('removes the stored file again when recording it is refused, and says the step has no audio yet', async () => {
    supabase.rpc.mockResolvedValue({ data: null, error: { message: 'Admin privileges required' } });
    const { user, step2 } = await openEditor();
    await user.selectOptions(step2, 'upload');
    await user.upload(screen.getByLabelText('Step 2: audio file'), mp3());
    await user.click(screen.getByRole('button', { name: 'Upload for step 2' }));
    await vi.waitFor(() => expect(uploads).toHaveLength(1));
    uploads[0]!.answer(200);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The upload failed, so the step has no audio yet. Admin privileges required',
    );
    expect(storage.remove).toHaveBeenCalledWith([uploads[0]!.url.split('/').pop()]);
    expect(step2).toHaveValue('upload');
  });
});

describe("removing a client's copy with a step of audio uploaded for them", () => {
  it('says first that those files go with it, deletes the ones the database names, and says so', async () => {
    const withPrivateStep = {
      ...assignment,
      programme: {
        ...assignment.programme,
        steps: [
          assignment.programme.steps[0]!,
          {
            ...assignment.programme.steps[1]!,
            productId: 'pa0',
            title: 'Earlier recording',
            uploadedFile: 'f1.mp3',
          },
        ],
      },
    };
    supabase.rpc.mockImplementation((name: string) =>
      Promise.resolve(
        name === 'admin_remove_assignment' ? { data: ['f1.mp3'], error: null } : { data: null, error: null },
      ),
    );
    const onRemoved = vi.fn();
    render(
      wrap(
        <AssignmentActions
          assignment={withPrivateStep}
          title="Sleep well"
          audios={audios}
          onRemoved={onRemoved}
        />,
      ),
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Remove Sleep well from this client' }));
    expect(
      screen.getByText(/The audio uploaded for this client for its steps is deleted with it/),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Yes, remove' }));
    await vi.waitFor(() => expect(onRemoved).toHaveBeenCalled());
    expect(supabase.rpc).toHaveBeenCalledWith('admin_remove_assignment', {
      p_id: 'as1',
      p_keep_audio: false,
    });
    expect(storage.remove).toHaveBeenCalledWith(['f1.mp3']);
    expect(onRemoved).toHaveBeenCalledWith({
      variant: 'success',
      text: 'Removed "Sleep well". The audio it included was taken back. The file uploaded for this client for one of its steps was deleted.',
    });
  });

  it('says nothing of uploaded files for a copy of catalogue audio only', async () => {
    supabase.rpc.mockResolvedValue({ data: [], error: null });
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
    expect(screen.queryByText(/uploaded for this client/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Yes, remove' }));
    await vi.waitFor(() =>
      expect(onRemoved).toHaveBeenCalledWith({
        variant: 'success',
        text: 'Removed "Sleep well". The audio it included was taken back.',
      }),
    );
    expect(storage.remove).not.toHaveBeenCalled();
  });
});

describe('a template', () => {
  it('offers catalogue audio only, and says where audio for one client is added', () => {
    render(
      wrap(
        <ProgrammeEditor
          initial={emptyDraft()}
          audios={audios}
          save={{ mutate: vi.fn(), isPending: false }}
          onSaved={vi.fn()}
          onCancel={vi.fn()}
        />,
      ),
    );
    expect(
      screen.getByText(/A template is for any client, so its steps are audio from the catalogue/),
    ).toBeTruthy();
    expect(
      within(screen.getByLabelText('Step 1: audio')).queryByRole('option', { name: /Upload/ }),
    ).toBeNull();
  });
});
