import { Volume2, VolumeX } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { playerText } from '@/content/player';
import { cn } from '@/lib/cn';
import type { PlayerValue } from './player-context';
import { volumePercent } from './player-logic';
import { PlayerSlider } from './player-slider';

export function IconButton({
  label,
  pressed,
  variant = 'plain',
  className,
  children,
  ...props
}: ComponentProps<'button'> & {
  label: string;
  pressed?: boolean;
  /** 'primary': the filled play button. */
  variant?: 'plain' | 'primary';
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-pressed={pressed}
      className={cn(
        // 44 px: a touch-sized target on a phone.
        'inline-flex size-11 shrink-0 cursor-pointer items-center justify-center rounded-full disabled:cursor-not-allowed disabled:opacity-60 [&_svg]:size-5',
        variant === 'primary'
          ? 'bg-primary text-primary-foreground hover:opacity-90'
          : pressed
            ? 'bg-primary-soft text-primary'
            : 'text-foreground hover:bg-muted',
        className,
      )}
      {...props}
    >
      {children}
    </button>
  );
}

export function VolumeControl({ player, className }: { player: PlayerValue; className?: string }) {
  const muted = player.volume === 0;
  return (
    <div className={cn('flex items-center gap-1', className)}>
      <IconButton label={muted ? playerText.unmute : playerText.mute} onClick={player.toggleMute}>
        {muted ? <VolumeX aria-hidden="true" /> : <Volume2 aria-hidden="true" />}
      </IconButton>
      <PlayerSlider
        className="w-24"
        label={playerText.volume}
        value={volumePercent(player.volume)}
        valueText={`${volumePercent(player.volume)}%`}
        onChange={(percent) => player.setVolume(percent / 100)}
      />
    </div>
  );
}
