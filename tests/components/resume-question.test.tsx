import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { playedWhen, ResumeQuestion } from '@/features/player/resume-question';
import type { ResumeOffer } from '@/features/player/player-types';

const NOW = new Date(2026, 10, 25, 21, 0).getTime();
const offer = (localSeconds: number, remotePlayedAt = NOW - 86_400_000): ResumeOffer => ({
  productId: 'p1',
  remoteSeconds: 750,
  remoteRate: 1,
  remoteDeviceKind: 'phone',
  remotePlayedAt,
  localSeconds,
});

afterEach(cleanup);

describe('the resume question', () => {
  it('asks which of two positions when the devices disagree', async () => {
    const onAnswer = vi.fn();
    render(<ResumeQuestion offer={offer(250)} onAnswer={onAnswer} now={NOW} />);
    const group = screen.getByRole('group', { name: 'Where to continue' });
    expect(group).toHaveTextContent('Continue from 12:30, played on your phone yesterday, or 4:10?');
    await userEvent.click(screen.getByRole('button', { name: 'Continue from 4:10' }));
    expect(onAnswer).toHaveBeenLastCalledWith('local');
    await userEvent.click(screen.getByRole('button', { name: 'Continue from 12:30' }));
    expect(onAnswer).toHaveBeenLastCalledWith('remote');
  });

  it('offers to continue a track this device never played, or to start from the beginning', async () => {
    const onAnswer = vi.fn();
    render(<ResumeQuestion offer={offer(0, NOW - 3600_000)} onAnswer={onAnswer} now={NOW} />);
    expect(screen.getByRole('group')).toHaveTextContent('Continue from 12:30, played on your phone today?');
    await userEvent.click(screen.getByRole('button', { name: 'Start from the beginning' }));
    expect(onAnswer).toHaveBeenCalledWith('local');
  });

  it('names the day calmly: today, yesterday, or the date', () => {
    expect(playedWhen(NOW - 60_000, NOW)).toBe('today');
    expect(playedWhen(new Date(2026, 10, 24, 23, 59).getTime(), NOW)).toBe('yesterday');
    expect(playedWhen(new Date(2026, 10, 21, 8, 0).getTime(), NOW)).toBe('on 21 November');
  });
});
