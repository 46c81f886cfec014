import { describedBy, Field } from '@/components/ui/field';
import { inputClass } from '@/components/ui/input-style';
import { programmesAdminText as text } from '@/content/programmes';
import { AUDIO_FILE_ACCEPT } from '@/lib/audio-upload';
import { UploadProgress } from '@/components/ui/upload-progress';
import { titleFromFileName } from './check-private-upload';

/**
 * The file, its title (taken from the file's name until one is typed) and the progress bar of an audio
 * uploaded for one client: the assign form's and a step's upload (docs/programmes.md). `progress` is null
 * while nothing is uploading; a new `fileKey` empties the file field.
 */
export function PrivateAudioFields({
  id,
  fileLabel,
  titleLabel,
  title,
  onTitle,
  onFile,
  disabled,
  progress,
  fileKey,
}: {
  id: string;
  fileLabel: string;
  titleLabel: string;
  title: string;
  onTitle: (title: string) => void;
  onFile: (file: File | null) => void;
  disabled: boolean;
  progress: number | null;
  fileKey?: number;
}) {
  return (
    <>
      <Field id={`${id}-file`} label={fileLabel} help={text.fileHelp}>
        <input
          key={fileKey}
          id={`${id}-file`}
          type="file"
          {...describedBy(`${id}-file`, null, true)}
          accept={AUDIO_FILE_ACCEPT}
          className={inputClass}
          disabled={disabled}
          onChange={(event) => {
            const chosen = event.currentTarget.files?.[0] ?? null;
            onFile(chosen);
            if (chosen && !title.trim()) onTitle(titleFromFileName(chosen));
          }}
        />
      </Field>
      <Field id={`${id}-upload-title`} label={titleLabel}>
        <input
          id={`${id}-upload-title`}
          className={inputClass}
          maxLength={200}
          value={title}
          onChange={(event) => onTitle(event.target.value)}
        />
      </Field>
      {progress === null ? null : (
        <UploadProgress id={`${id}-progress`} label={text.uploading(progress)} percent={progress} />
      )}
    </>
  );
}
