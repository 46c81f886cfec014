import { useId, useState, type ChangeEvent } from 'react';
import { Button } from '@/components/ui/button';
import { catalogueText as text } from '@/content/admin';
import type { ProductRow } from '@/lib/admin-api/products';
import { useReplaceProductAudio } from './api/catalogue';
import { messageOf, Notice } from '@/components/ui/notice';
import { readAudioDuration } from '@/lib/audio-duration';
import { UploadProgress } from '@/components/ui/upload-progress';
import { AUDIO_FILE_ACCEPT, checkAudioFile } from '@/lib/audio-upload';
import { signAdminAudio, type AudioKind } from './product-audio';
import { formatLength } from './length-input';

/** The product's full track and preview: play what is stored, upload a replacement with progress. */
export function AudioFiles({
  product,
  onDuration,
}: {
  product: ProductRow;
  /** The full track's length as read from an uploaded file (null: it could not be read). */
  onDuration: (seconds: number | null) => void;
}) {
  const [paths, setPaths] = useState({ full: product.audio_path, preview: product.preview_path });
  return (
    <div className="space-y-4 border-t border-border pt-4">
      <h4 className="text-lg font-semibold text-foreground">{text.audioHeading}</h4>
      <p className="text-sm text-muted-foreground">{text.uploadHelp}</p>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <AudioSlot
          kind="full"
          label={text.fullTrack}
          product={product}
          path={paths.full}
          onStored={(name) => setPaths((current) => ({ ...current, full: name }))}
          onDuration={onDuration}
        />
        <AudioSlot
          kind="preview"
          label={text.preview}
          product={product}
          path={paths.preview}
          onStored={(name) => setPaths((current) => ({ ...current, preview: name }))}
        />
      </div>
    </div>
  );
}

function AudioSlot({
  kind,
  label,
  product,
  path,
  onStored,
  onDuration,
}: {
  kind: AudioKind;
  label: string;
  product: ProductRow;
  path: string | null;
  onStored: (name: string) => void;
  /** Given for the full track: its length is read from the file before it is uploaded. */
  onDuration?: (seconds: number | null) => void;
}) {
  const id = useId();
  const upload = useReplaceProductAudio();
  // The upload's pending state, with how far it has got.
  const [progress, setProgress] = useState<number | null>(null);
  const [message, setMessage] = useState<{ variant: 'error' | 'success'; text: string } | null>(null);
  const [src, setSrc] = useState<string | null>(null);

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    setMessage(null);
    const format = await checkAudioFile(file);
    if (typeof format === 'string') {
      setMessage({ variant: 'error', text: text[format] });
      return;
    }
    setProgress(0);
    const seconds = onDuration ? await readAudioDuration(file, format.extension) : null;
    upload.mutate(
      { productId: product.id, kind, file, format, onProgress: setProgress, seconds },
      {
        onSuccess: (name) => {
          onStored(name);
          setSrc(null);
          if (onDuration) onDuration(seconds);
          setMessage(
            !onDuration
              ? { variant: 'success', text: text.uploaded(label) }
              : seconds !== null
                ? { variant: 'success', text: text.lengthRead(label, formatLength(seconds)) }
                : { variant: 'error', text: text.lengthUnread(label) },
          );
        },
        onError: (error) =>
          setMessage({ variant: 'error', text: `${text.uploadFailed} ${messageOf(error, '')}`.trim() }),
        onSettled: () => setProgress(null),
      },
    );
  }

  async function play() {
    if (!path) return;
    try {
      setSrc(await signAdminAudio(path));
    } catch (error) {
      setMessage({ variant: 'error', text: messageOf(error, text.uploadFailed) });
    }
  }

  return (
    <div className="space-y-3 rounded-lg border border-border p-3">
      <p className="font-semibold text-foreground">{label}</p>
      <p className="text-sm text-muted-foreground">{path ? text.currentFile : text.noFile}</p>
      {message ? <Notice variant={message.variant}>{message.text}</Notice> : null}
      {progress !== null ? (
        <UploadProgress id={`${id}-progress`} label={text.uploading(progress)} percent={progress} />
      ) : null}
      <div className="flex flex-wrap gap-2">
        <label
          htmlFor={`${id}-file`}
          className="inline-flex min-h-10 cursor-pointer items-center rounded-lg border-2 border-primary px-3 text-sm font-semibold text-primary focus-within:outline focus-within:outline-2 focus-within:outline-ring"
        >
          {text.upload(label)}
          <input
            id={`${id}-file`}
            type="file"
            accept={AUDIO_FILE_ACCEPT}
            className="sr-only"
            disabled={progress !== null}
            onChange={(event) => void choose(event)}
          />
        </label>
        {path ? (
          <Button size="sm" variant="secondary" onClick={() => void play()}>
            {text.play(label)}
          </Button>
        ) : null}
      </div>
      {src ? (
        // eslint-disable-next-line jsx-a11y/media-has-caption -- the admin's own audio file, played to check it
        <audio
          controls
          autoPlay
          src={src}
          aria-label={text.playerLabel(label, product.title)}
          className="w-full"
        />
      ) : null}
    </div>
  );
}
