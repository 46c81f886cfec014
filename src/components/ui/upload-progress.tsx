/** How far an upload has got: a labelled progress bar (the catalogue's audio files, a client's private audio). */
export function UploadProgress({ id, label, percent }: { id: string; label: string; percent: number }) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="text-sm font-medium text-foreground">
        {label}
      </label>
      <progress id={id} max={100} value={percent} className="w-full accent-primary" />
    </div>
  );
}
