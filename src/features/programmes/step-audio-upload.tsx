import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { programmesAdminText as text } from '@/content/programmes';
import { type Message, messageOf, Notice } from '@/components/ui/notice';
import { checkPrivateUpload } from './check-private-upload';
import { PrivateAudioFields } from './private-audio-fields';
import { useUploadPrivateStepAudio } from './api/private-audio';

/**
 * Uploads an audio for one step of a client's copy (docs/programmes.md "Private audio as a step"): the same
 * checks, progress and errors as the assign form's 'Upload audio for this client'. Inside the editor's form,
 * so its own action is a button, not a nested form. `onUploaded` puts the new audio in the step.
 */
export function StepAudioUpload({
  id,
  step,
  assignmentId,
  onUploaded,
}: {
  id: string;
  step: number;
  assignmentId: string;
  onUploaded: (audio: { id: string; title: string }) => void;
}) {
  const upload = useUploadPrivateStepAudio();
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const [progress, setProgress] = useState(0);
  // Checks before the upload starts (the file's type, its length) count as pending too.
  const [checking, setChecking] = useState(false);
  const [message, setMessage] = useState<Message>(null);
  const pending = upload.isPending || checking;

  async function start() {
    setMessage(null);
    setChecking(true);
    const checked = await checkPrivateUpload(file, title);
    setChecking(false);
    if (!checked.ok) {
      setMessage({ variant: 'error', text: checked.message });
      return;
    }
    const { format, durationSeconds } = checked;
    setProgress(0);
    upload.mutate(
      { assignmentId, title, file: checked.file, format, durationSeconds, onProgress: setProgress },
      {
        onSuccess: (audioId) => onUploaded({ id: audioId, title: title.trim() }),
        onError: (error) =>
          setMessage({ variant: 'error', text: `${text.stepUploadFailed} ${messageOf(error, '')}`.trim() }),
      },
    );
  }

  return (
    <div role="group" aria-label={text.stepUploadGroup(step)} className="space-y-3 rounded-lg bg-muted p-3">
      {message ? <Notice variant={message.variant}>{message.text}</Notice> : null}
      <PrivateAudioFields
        id={id}
        fileLabel={text.stepFileLabel(step)}
        titleLabel={text.stepUploadTitleLabel(step)}
        title={title}
        onTitle={setTitle}
        onFile={setFile}
        disabled={pending}
        progress={upload.isPending ? progress : null}
      />
      <Button type="button" size="sm" disabled={pending} onClick={() => void start()}>
        {pending ? text.stepUploading : text.stepUpload(step)}
      </Button>
    </div>
  );
}
