import * as Slider from '@radix-ui/react-slider';
import { cn } from '@/lib/cn';

interface PlayerSliderProps {
  label: string;
  /** 0..100 (spec §5: min 0, max 100). */
  value: number;
  step?: number;
  /** What a screen reader hears for the value (e.g. '1:05 of 3:00'). */
  valueText: string;
  onChange: (value: number) => void;
  onCommit?: (value: number) => void;
  disabled?: boolean;
  className?: string;
}

/** A labelled, keyboard-operable Radix slider on a 0..100 scale. */
export function PlayerSlider({
  label,
  value,
  step = 1,
  valueText,
  onChange,
  onCommit,
  disabled,
  className,
}: PlayerSliderProps) {
  return (
    <Slider.Root
      className={cn('relative flex h-6 touch-none select-none items-center', className)}
      min={0}
      max={100}
      step={step}
      value={[value]}
      disabled={disabled}
      onValueChange={(values) => onChange(values[0] ?? 0)}
      onValueCommit={(values) => onCommit?.(values[0] ?? 0)}
    >
      <Slider.Track className="relative h-1.5 grow overflow-hidden rounded-full bg-border">
        <Slider.Range className="absolute h-full bg-primary" />
      </Slider.Track>
      <Slider.Thumb
        aria-label={label}
        aria-valuetext={valueText}
        className="block size-4 rounded-full border-2 border-primary bg-background shadow focus-visible:outline-offset-2 disabled:opacity-60"
      />
    </Slider.Root>
  );
}
