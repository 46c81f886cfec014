import { File as NodeFile } from 'node:buffer';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AssignForm } from '@/features/programmes/assign-form';
import { AssignmentActions } from '@/features/programmes/assignment-actions';
import { toneMp3 } from '../../supabase/local/seed/mp3';

// 'Upload audio for this client' (docs/programmes.md "Private audio for one client"): the file is checked,
// uploaded with progress to the private bucket under a random name, then recorded and assigned; a refusal
// removes the file again; removing the assignment removes the file.

const storage = vi.hoisted(() => ({ remove: vi.fn() }));
const supabase = vi.hoisted(() => ({
  rpc: vi.fn(),
  functions: { invoke: vi.fn() },
  auth: { getSession: vi.fn() },
  storage: { from: vi.fn() },
}));
vi.mock('@/lib/supabase', () => ({ getSupabase: () => Promise.resolve(supabase) }));

/** The uploads the form sent, answered by the test: fetch has no upload progress, so the form uses XHR. */
const uploads: FakeUpload[] = [];
class FakeUpload {
  url = '';
  status = 0;
  responseText = '';
  body: unknown = null;
  headers: Record<string, string> = {};
  upload: {
    onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
  } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
    uploads.push(this);
  }
  answer(status: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
    this.status = status;
    this.onload?.();
  }
}

const audios = [{ id: 'a1', title: 'Deep Sleep', category: 'Sleep' }];
// Node's File: jsdom's has no arrayBuffer(), which every browser's has. A real MP3 of 95 seconds, so its length
// is read from the file as the catalogue upload does.
const file = (parts: (string | Uint8Array)[], name: string, type: string) =>
  new NodeFile(parts as never, name, { type }) as unknown as File;
const mp3 = () => file([toneMp3(95)], 'Your evening.mp3', 'audio/mpeg');

function wrap(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
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
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the assign form: upload audio for this client', () => {
  it('asks for a file, refuses one that is not audio, then uploads with progress and assigns it', async () => {
    supabase.rpc.mockResolvedValue({
      data: { assignment_id: 'as1', private_audio_id: 'pa1', has_account: true },
      error: null,
    });
    supabase.functions.invoke.mockResolvedValue({ data: { sent: true }, error: null });
    render(wrap(<AssignForm programmes={[]} audios={audios} email="client@example.com" />));
    // A browser lets the admin pick any file ('All files'), whatever `accept` suggests.
    const user = userEvent.setup({ applyAccept: false });
    await user.selectOptions(screen.getByLabelText('What to assign'), 'upload');
    // Uploaded audio is only this client's, at no cost: there is no access to choose.
    expect(screen.queryByLabelText('Offered for purchase')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Upload and assign' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose the audio file to upload.');

    await user.upload(screen.getByLabelText('Audio file'), file(['hello'], 'notes.txt', ''));
    await user.click(screen.getByRole('button', { name: 'Upload and assign' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose an MP3 or M4A file.');
    expect(uploads).toHaveLength(0);

    await user.clear(screen.getByLabelText('Title the client sees'));
    await user.upload(screen.getByLabelText('Audio file'), mp3());
    expect(screen.getByLabelText('Title the client sees')).toHaveValue('Your evening');
    expect(screen.getByLabelText('Audio file')).toHaveAccessibleDescription(/Only this client can listen/);
    await user.type(screen.getByLabelText('Note to the client'), 'Every evening');
    await user.click(screen.getByRole('button', { name: 'Upload and assign' }));

    await vi.waitFor(() => expect(uploads).toHaveLength(1));
    const sent = uploads[0]!;
    const name = /\/storage\/v1\/object\/private-audio\/([0-9a-f-]{36}\.mp3)$/.exec(sent.url)?.[1];
    expect(name).toBeDefined();
    expect(sent.headers['content-type']).toBe('audio/mpeg');
    // Stored with the file and answered with every download: never cached past a link (docs/security.md).
    expect(sent.headers['cache-control']).toBe('private, no-store');
    expect(screen.getByRole('button', { name: 'Saving…' })).toBeDisabled();
    sent.upload.onprogress?.({ lengthComputable: true, loaded: 25, total: 100 });
    expect(await screen.findByText('Uploading… 25%')).toBeInTheDocument();
    sent.answer(200);

    expect(await screen.findByRole('status')).toHaveTextContent('Assigned to client@example.com.');
    expect(supabase.rpc).toHaveBeenCalledWith('admin_assign_private_audio', {
      p_email: 'client@example.com',
      p_title: 'Your evening',
      p_duration_seconds: 95,
      p_object_path: name,
      p_note: 'Every evening',
    });
    expect(supabase.functions.invoke).toHaveBeenCalledWith('notify-assignment', {
      body: { assignmentId: 'as1' },
    });
  });

  it('removes the stored file again when the assignment is refused, and says nothing was assigned', async () => {
    supabase.rpc.mockResolvedValue({ data: null, error: { message: 'Admin privileges required' } });
    render(wrap(<AssignForm programmes={[]} audios={audios} email="client@example.com" />));
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('What to assign'), 'upload');
    await user.upload(screen.getByLabelText('Audio file'), mp3());
    await user.click(screen.getByRole('button', { name: 'Upload and assign' }));
    await vi.waitFor(() => expect(uploads).toHaveLength(1));
    uploads[0]!.answer(200);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The upload failed, so nothing was assigned. Admin privileges required',
    );
    const name = uploads[0]!.url.split('/').pop();
    expect(supabase.storage.from).toHaveBeenCalledWith('private-audio');
    expect(storage.remove).toHaveBeenCalledWith([name]);
  });

  it('when the server finds the stored file is not audio, says so and records nothing', async () => {
    const notAudio =
      'This file is not an MP3 or M4A recording (its contents were checked), so it was not kept.';
    supabase.functions.invoke.mockResolvedValue({
      data: null,
      error: Object.assign(new Error('Edge Function returned a non-2xx status code'), {
        context: new Response(JSON.stringify({ error: notAudio }), { status: 422 }),
      }),
    });
    render(wrap(<AssignForm programmes={[]} audios={audios} email="client@example.com" />));
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('What to assign'), 'upload');
    await user.upload(screen.getByLabelText('Audio file'), mp3());
    await user.click(screen.getByRole('button', { name: 'Upload and assign' }));
    await vi.waitFor(() => expect(uploads).toHaveLength(1));
    uploads[0]!.answer(200);
    expect(await screen.findByRole('alert')).toHaveTextContent(notAudio);
    const name = uploads[0]!.url.split('/').pop();
    expect(supabase.functions.invoke).toHaveBeenCalledWith('check-audio-upload', {
      body: { bucket: 'private-audio', name },
    });
    expect(supabase.rpc).not.toHaveBeenCalled();
  });

  it('says in clear words when the upload itself fails', async () => {
    render(wrap(<AssignForm programmes={[]} audios={audios} email="client@example.com" />));
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('What to assign'), 'upload');
    await user.upload(screen.getByLabelText('Audio file'), mp3());
    await user.click(screen.getByRole('button', { name: 'Upload and assign' }));
    await vi.waitFor(() => expect(uploads).toHaveLength(1));
    uploads[0]!.onerror?.();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The upload failed, so nothing was assigned. The upload was interrupted.',
    );
    expect(supabase.rpc).not.toHaveBeenCalled();
  });
});

describe('removing an assignment of uploaded audio', () => {
  it('asks nothing about keeping it, and removes the file with it', async () => {
    supabase.rpc.mockResolvedValue({ data: ['f0e0d0c0-0000-4000-8000-000000000001.mp3'], error: null });
    const onRemoved = vi.fn();
    const assignment = {
      id: 'as1',
      userId: 'u1',
      email: 'client@example.com',
      note: '',
      access: 'granted' as const,
      assignedAt: '2026-11-20T10:00:00Z',
      programme: null,
      audio: {
        productId: 'pa1',
        title: 'Your evening',
        uploadedFile: 'f0e0d0c0-0000-4000-8000-000000000001.mp3',
      },
    };
    render(
      wrap(
        <AssignmentActions
          assignment={assignment}
          title="Your evening"
          audios={audios}
          onRemoved={onRemoved}
        />,
      ),
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Remove Your evening from this client' }));
    expect(screen.queryByLabelText('Let the client keep it, as their own audio')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Yes, remove' }));
    await vi.waitFor(() =>
      expect(onRemoved).toHaveBeenCalledWith({
        variant: 'success',
        text: 'Removed "Your evening". The file uploaded for this client was deleted.',
      }),
    );
    expect(supabase.rpc).toHaveBeenCalledWith('admin_remove_assignment', {
      p_id: 'as1',
      p_keep_audio: false,
    });
    expect(storage.remove).toHaveBeenCalledWith(['f0e0d0c0-0000-4000-8000-000000000001.mp3']);
  });
});
