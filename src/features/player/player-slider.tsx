import * as Slider from '@radix-ui/react-slider';
import { useRef } from 'react';
import { cn } from '@/lib/cn';

interface PlayerSliderProps {
  label: string;
  /** 0..100 (docs/product-rules.md §5: min 0, max 100). */
  value: number;
  step?: number;
  /** What a screen reader hears for the value (e.g. '1:05 of 3:00'). */
  valueText: string;
  /**
   * The value the user chose: each keyboard step (arrows, Page Up/Down, Home, End) at once; a pointer drag
   * at its end when `onPreview` is given (else at every move).
   */
  onChange: (value: number) => void;
  /** While a pointer drags: the value under it (shown, not applied yet); null when the drag ends. */
  onPreview?: (value: number | null) => void;
  disabled?: boolean;
  className?: string;
  /**
   * Takes the slider's keys over (arrows, Page Up/Down, Home, End) in the units of its owner (the seek bar moves
   * in seconds, not in steps of the 0..100 scale). Without it Radix steps by `step`.
   */
  onKeyMove?: (move: SliderKeyMove) => void;
}

/** A key's move: back or forward by a small ('arrow') or large ('page') amount, or to either end. */
export type SliderKeyMove = { by: 'arrow' | 'page'; sign: 1 | -1 } | { to: 'start' | 'end' };

const KEY_MOVES: Record<string, SliderKeyMove> = {
  ArrowRight: { by: 'arrow', sign: 1 },
  ArrowUp: { by: 'arrow', sign: 1 },
  ArrowLeft: { by: 'arrow', sign: -1 },
  ArrowDown: { by: 'arrow', sign: -1 },
  PageUp: { by: 'page', sign: 1 },
  PageDown: { by: 'page', sign: -1 },
  Home: { to: 'start' },
  End: { to: 'end' },
};

/**
 * A labelled, keyboard-operable Radix slider on a 0..100 scale.
 *
 * Radix reports a keyboard step as a commit followed by a change (in that order, for a controlled slider),
 * and a pointer drag as changes followed by a commit on release. So a change counts as the user's choice
 * unless a pointer is down, and a commit only ends a pointer drag: each key press acts exactly once, and a
 * drag previews until it is released.
 */
export function PlayerSlider({
  label,
  value,
  step = 1,
  valueText,
  onChange,
  onPreview,
  disabled,
  className,
  onKeyMove,
}: PlayerSliderProps) {
  const pointerDown = useRef(false);
  const previewing = useRef(false);
  const endPreview = () => {
    if (!previewing.current) return;
    previewing.current = false;
    onPreview?.(null);
  };
  return (
    <Slider.Root
      className={cn(
        // A taller invisible hit area above the track (the title line there is not interactive), so a finger
        // finds the slider without the bar growing.
        "relative flex h-6 touch-none select-none items-center before:absolute before:inset-x-0 before:-top-2 before:bottom-0 before:content-[''] data-disabled:opacity-60",
        className,
      )}
      min={0}
      max={100}
      step={step}
      value={[value]}
      disabled={disabled}
      onKeyDown={(event) => {
        const move = KEY_MOVES[event.key];
        if (!onKeyMove || !move || event.altKey || event.ctrlKey || event.metaKey) return;
        // Handled here, not by Radix (whose keys move by `step`) nor by the player's page-wide shortcuts.
        event.preventDefault();
        onKeyMove(move);
      }}
      onPointerDown={() => {
        pointerDown.current = true;
      }}
      onPointerUp={() => {
        pointerDown.current = false;
        // Radix commits right after this handler when the value moved; a drag back to where it began ends
        // without a commit, so the preview is dropped once that has run.
        queueMicrotask(endPreview);
      }}
      onPointerCancel={() => {
        pointerDown.current = false;
        endPreview();
      }}
      onValueChange={(values) => {
        const next = values[0] ?? 0;
        if (pointerDown.current && onPreview) {
          previewing.current = true;
          onPreview(next);
        } else {
          onChange(next);
        }
      }}
      onValueCommit={(values) => {
        if (!previewing.current) return; // a keyboard step: its change applies it
        endPreview();
        onChange(values[0] ?? 0);
      }}
    >
      {/* High contrast: a white track with a black edge, so the played part (filled) stands apart from it. */}
      <Slider.Track className="relative h-1.5 grow overflow-hidden rounded-full bg-border [.high-contrast_&]:h-2 [.high-contrast_&]:border [.high-contrast_&]:border-foreground [.high-contrast_&]:bg-background">
        <Slider.Range className="absolute h-full bg-primary" />
      </Slider.Track>
      <Slider.Thumb
        aria-label={label}
        aria-valuetext={valueText}
        className="block size-4 rounded-full border-2 border-primary bg-background shadow focus-visible:outline-offset-2 pointer-coarse:size-5"
      />
    </Slider.Root>
  );
}
