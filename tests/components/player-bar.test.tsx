import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLoadedPlayerStore, usePlayer } from '@/features/player/player-context';
import { createPlayerStore } from '@/features/player/player-store';
import { PlayerHost } from '@/features/player/player-host';
import { PlayerProvider } from '@/features/player/player-provider';
import type { Track } from '@/features/player/player-types';

vi.mock('@/lib/audio-storage', () => ({
  signOwnedAudioUrl: vi.fn((productId: string) =>
    Promise.resolve({ url: `https://stack.test/full/${productId}.mp3?token=t`, expiresAt: 4_000_000_000 }),
  ),
}));

// Radix Slider measures itself; jsdom has no ResizeObserver.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const tracks: Track[] = [
  { id: 'a', title: 'Sleep Deeply Tonight', category: 'Insomnia', productId: 'pa' },
  { id: 'b', title: 'Calm Mind, Easy Breathing', category: 'Anxiety and Stress', productId: 'pb' },
  { id: 'c', title: 'Deep Relaxation Foundations', category: 'Self-Hypnosis Foundation', productId: 'pc' },
];

function Launcher() {
  const player = usePlayer();
  return (
    <>
      <button type="button" onClick={() => player.playTrack(tracks[0]!, tracks)}>
        Start
      </button>
      <button type="button" onClick={() => player.addToPlaylist(tracks[2]!)}>
        Queue
      </button>
    </>
  );
}

function renderPlayer() {
  return render(
    <PlayerProvider accountId={null}>
      <main id="main-content" tabIndex={-1}>
        <Launcher />
      </main>
      <PlayerHost />
    </PlayerProvider>,
  );
}

const region = () => screen.getByRole('region', { name: 'Audio player' });

// The bar is a lazily loaded chunk: its first import takes a moment on a busy machine.
describe('the player bar', { timeout: 30_000 }, () => {
  beforeEach(() => {
    localStorage.clear();
    // jsdom has no media playback: play resolves and reports 'playing', pause does nothing.
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
      queueMicrotask(() => this.dispatchEvent(new Event('playing')));
      return Promise.resolve();
    });
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
    vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => {});
  });
  afterEach(() => {
    cleanup(); // unmount (the engine pauses its element) while the media stubs are still in place
    vi.restoreAllMocks();
  });

  it('usePlayer outside its provider throws (docs/product-rules.md §8)', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Launcher />)).toThrow('usePlayer must be used within a PlayerProvider');
  });

  it('loads its store only when something is played: until then it is idle, and the first action still applies', async () => {
    function StoreProbe() {
      const loaded = useLoadedPlayerStore() !== null;
      const player = usePlayer();
      return <output data-testid="store">{`${String(loaded)} ${String(player.safetyNoticeOpen)}`}</output>;
    }
    const user = userEvent.setup();
    render(
      <PlayerProvider accountId={null}>
        <Launcher />
        <StoreProbe />
      </PlayerProvider>,
    );
    // (The first play asks the one-time safety question before anything is queued.)
    // Signed out with nothing played: no store (its code is not fetched), an idle player.
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(screen.getByTestId('store')).toHaveTextContent('false false');
    await user.click(screen.getByRole('button', { name: 'Start' }));
    await vi.waitFor(() => expect(screen.getByTestId('store')).toHaveTextContent('true true'), {
      timeout: 15_000,
    });
  });

  it("a signed-in account's saved playlist is restored (paused) as the app starts", async () => {
    // What an earlier visit left in this browser (its safety question answered).
    localStorage.setItem('hypnotherapy-listening-safety', 'acknowledged');
    const earlier = createPlayerStore();
    await earlier.setAccount('user-1');
    earlier.playTrack(tracks[1]!, tracks);
    earlier.pause();
    function QueueProbe() {
      const player = usePlayer();
      return (
        <output data-testid="queue">{`${player.currentIndex} ${player.playlist.length} ${String(player.isPlaying)}`}</output>
      );
    }
    render(
      <PlayerProvider accountId="user-1">
        <QueueProbe />
      </PlayerProvider>,
    );
    await vi.waitFor(() => expect(screen.getByTestId('queue')).toHaveTextContent('1 3 false'), {
      timeout: 15_000,
    });
  });

  it('is hidden until something plays; the one-time safety notice comes first', async () => {
    const user = userEvent.setup();
    renderPlayer();
    expect(screen.queryByRole('region', { name: 'Audio player' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Start' }));
    const notice = await screen.findByRole('alertdialog', { name: 'Before you listen' }, { timeout: 15_000 });
    expect(notice).toHaveTextContent('Never listen while driving, operating machinery');
    await user.click(within(notice).getByRole('button', { name: 'I understand, play' }));
    expect(
      await screen.findByRole('region', { name: 'Audio player' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(within(region()).getByText('Sleep Deeply Tonight')).toBeInTheDocument();
    expect(await within(region()).findByRole('button', { name: 'Pause' })).toBeInTheDocument();
    expect(localStorage.getItem('hypnotherapy-listening-safety')).toBe('acknowledged');
  });

  it("the safety notice: 'I understand, play' is the default, and focus returns to the opener when it closes", async () => {
    const user = userEvent.setup();
    renderPlayer();
    const start = screen.getByRole('button', { name: 'Start' });
    await user.click(start);
    const notice = await screen.findByRole('alertdialog', { name: 'Before you listen' }, { timeout: 15_000 });
    await vi.waitFor(() =>
      expect(within(notice).getByRole('button', { name: 'I understand, play' })).toHaveFocus(),
    );
    await user.click(within(notice).getByRole('button', { name: 'Not now' }));
    await vi.waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(start).toHaveFocus();

    await user.click(start);
    const again = await screen.findByRole('alertdialog', { name: 'Before you listen' }, { timeout: 15_000 });
    await vi.waitFor(() =>
      expect(within(again).getByRole('button', { name: 'I understand, play' })).toHaveFocus(),
    );
    await user.keyboard('{Enter}');
    await screen.findByRole('region', { name: 'Audio player' }, { timeout: 15_000 });
    await vi.waitFor(() => expect(start).toHaveFocus());
  });

  it('controls: next/previous announce the track, mute, shuffle and repeat toggle, labelled sliders', async () => {
    localStorage.setItem('hypnotherapy-listening-safety', 'acknowledged');
    const user = userEvent.setup();
    renderPlayer();
    await user.click(screen.getByRole('button', { name: 'Start' }));
    const bar = await screen.findByRole('region', { name: 'Audio player' }, { timeout: 15_000 });
    expect(within(bar).getByRole('slider', { name: 'Seek' })).toBeInTheDocument();
    expect(within(bar).getByRole('slider', { name: 'Volume' })).toHaveAttribute('aria-valuenow', '100');
    expect(within(bar).getAllByText('--:--').length).toBeGreaterThan(0); // duration unknown yet
    await user.click(within(bar).getByRole('button', { name: 'Next track' }));
    expect(within(bar).getByText('Calm Mind, Easy Breathing')).toBeInTheDocument();
    expect(screen.getByText('Now playing: Calm Mind, Easy Breathing, track 2 of 3')).toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: 'Previous track' }));
    expect(within(bar).getByText('Sleep Deeply Tonight')).toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: 'Mute' }));
    expect(within(bar).getByRole('slider', { name: 'Volume' })).toHaveAttribute('aria-valuenow', '0');
    await user.click(within(bar).getByRole('button', { name: 'Unmute' }));
    expect(within(bar).getByRole('slider', { name: 'Volume' })).toHaveAttribute('aria-valuenow', '100');
    const shuffle = within(bar).getByRole('button', { name: 'Shuffle' });
    await user.click(shuffle);
    expect(shuffle).toHaveAttribute('aria-pressed', 'true');
    const repeat = within(bar).getByRole('button', { name: 'Repeat this track' });
    await user.click(repeat);
    expect(repeat).toHaveAttribute('aria-pressed', 'true');
  });

  it('expands (taller) to a playlist view and a now-playing view; rows select, remove; Escape collapses', async () => {
    localStorage.setItem('hypnotherapy-listening-safety', 'acknowledged');
    const user = userEvent.setup();
    renderPlayer();
    await user.click(screen.getByRole('button', { name: 'Start' }));
    const bar = await screen.findByRole('region', { name: 'Audio player' }, { timeout: 15_000 });
    expect(bar).toHaveClass('h-24');
    const toggle = within(bar).getByRole('button', { name: 'Expand player' });
    await user.click(toggle);
    expect(bar).toHaveClass('h-96');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(within(bar).getByRole('tab', { name: 'Now playing' })).toHaveAttribute('aria-selected', 'true');
    expect(within(bar).getByLabelText('Playback speed')).toBeInTheDocument();
    expect(within(bar).getByLabelText('Sleep timer')).toBeInTheDocument();
    await user.click(within(bar).getByRole('tab', { name: /Playlist/ }));
    expect(within(bar).getByText('3 tracks · 1 of 3')).toBeInTheDocument();
    const rows = within(bar).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByTestId('playing-indicator')).toBeInTheDocument();
    await user.click(within(rows[2]!).getAllByRole('button')[0]!); // the row itself (the other removes it)
    expect(within(bar).getByText('3 tracks · 3 of 3')).toBeInTheDocument();
    await user.click(
      within(bar).getByRole('button', { name: 'Remove Sleep Deeply Tonight from the playlist' }),
    );
    expect(within(bar).getByText('2 tracks · 2 of 2')).toBeInTheDocument();
    // Adding what is already there changes nothing.
    await user.click(screen.getByRole('button', { name: 'Queue' }));
    expect(within(bar).getByText('2 tracks · 2 of 2')).toBeInTheDocument();
    within(bar)
      .getByRole('tab', { name: /Playlist/ })
      .focus();
    await user.keyboard('{Escape}');
    expect(bar).toHaveClass('h-24');
    expect(within(bar).getByRole('button', { name: 'Expand player' })).toHaveFocus();
  });

  it('the seek slider seeks with its keys (Home, End, Page Up/Down, arrows), each once, and then follows playback', async () => {
    localStorage.setItem('hypnotherapy-listening-safety', 'acknowledged');
    const user = userEvent.setup();
    renderPlayer();
    await user.click(screen.getByRole('button', { name: 'Start' }));
    const bar = await screen.findByRole('region', { name: 'Audio player' }, { timeout: 15_000 });
    // The engine's element: the `this` of its play() call.
    await vi.waitFor(() =>
      expect(vi.mocked(HTMLMediaElement.prototype.play).mock.contexts.length).toBeGreaterThan(0),
    );
    const media = vi.mocked(HTMLMediaElement.prototype.play).mock.contexts.at(-1) as HTMLMediaElement;
    let time = 40;
    Object.defineProperty(media, 'duration', { get: () => 90, configurable: true });
    Object.defineProperty(media, 'readyState', { get: () => 4, configurable: true });
    Object.defineProperty(media, 'currentTime', {
      get: () => time,
      set: (v: number) => (time = v),
      configurable: true,
    });
    act(() => {
      media.dispatchEvent(new Event('loadedmetadata'));
      media.dispatchEvent(new Event('timeupdate'));
    });
    expect(within(bar).getByText('1:30')).toBeInTheDocument();
    const seek = within(bar).getByRole('slider', { name: 'Seek' });
    const playedTo = (seconds: number) =>
      act(() => {
        time = seconds;
        media.dispatchEvent(new Event('timeupdate'));
      });
    seek.focus();
    await user.keyboard('{Home}');
    expect(time).toBe(0);
    expect(seek).toHaveAttribute('aria-valuenow', '0');
    // The slider follows playback after a key press (it does not stay where the key put it)…
    playedTo(30);
    expect(Number(seek.getAttribute('aria-valuenow'))).toBeCloseTo(33.33, 1);
    expect(seek).toHaveAttribute('aria-valuetext', '0:30 of 1:30');
    // …so Home seeks again.
    await user.keyboard('{Home}');
    expect(time).toBe(0);
    await user.keyboard('{End}');
    expect(time).toBe(90);
    expect(seek).toHaveAttribute('aria-valuenow', '100');
    // A Page key moves a minute (docs/player.md "Length and seeking").
    await user.keyboard('{PageDown}');
    expect(time).toBe(30);
    await user.keyboard('{Home}');
    await user.keyboard('{PageUp}');
    expect(time).toBe(60);
    expect(seek).toHaveAttribute('aria-valuetext', '1:00 of 1:30');
    // An arrow on the slider moves 10 s as the player's shortcut does, once (not also the shortcut).
    playedTo(30);
    await user.keyboard('{ArrowRight}');
    expect(time).toBe(40);
    expect(seek).toHaveAttribute('aria-valuetext', '0:40 of 1:30');
    await user.keyboard('{ArrowUp}');
    expect(time).toBe(50);
    await user.keyboard('{ArrowLeft}');
    await user.keyboard('{ArrowDown}');
    expect(time).toBe(30);
    await user.keyboard('{End}');
    await user.keyboard('{ArrowRight}');
    expect(time).toBe(90);
    // Away from the slider, the arrows are the shortcuts.
    playedTo(30);
    document.getElementById('main-content')!.focus();
    await user.keyboard('{ArrowRight}');
    expect(time).toBeGreaterThan(39.8);
    expect(time).toBeLessThan(40.2);
  });

  it('knows the length from the stored duration before the media reports one, and again when the loaded track is played once more', async () => {
    localStorage.setItem('hypnotherapy-listening-safety', 'acknowledged');
    const user = userEvent.setup();
    const stored: Track = { ...tracks[0]!, duration: 1800 };
    function Again() {
      const player = usePlayer();
      return (
        <button type="button" onClick={() => player.playTrack(stored, [stored])}>
          Play stored
        </button>
      );
    }
    render(
      <PlayerProvider accountId={null}>
        <Again />
        <PlayerHost />
      </PlayerProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Play stored' }));
    const bar = await screen.findByRole('region', { name: 'Audio player' }, { timeout: 15_000 });
    const seek = within(bar).getByRole('slider', { name: 'Seek' });
    // No metadata yet: the stored length, and a slider that can be used.
    expect(within(bar).getByText('30:00')).toBeInTheDocument();
    expect(seek).not.toHaveAttribute('data-disabled');
    expect(seek).toHaveAttribute('aria-valuetext', '0:00 of 30:00');
    await vi.waitFor(() =>
      expect(vi.mocked(HTMLMediaElement.prototype.play).mock.contexts.length).toBeGreaterThan(0),
    );
    const media = vi.mocked(HTMLMediaElement.prototype.play).mock.contexts.at(-1) as HTMLMediaElement;
    let time = 0;
    Object.defineProperty(media, 'duration', { get: () => 90, configurable: true });
    Object.defineProperty(media, 'readyState', { get: () => 4, configurable: true });
    Object.defineProperty(media, 'currentTime', {
      get: () => time,
      set: (v: number) => (time = v),
      configurable: true,
    });
    act(() => media.dispatchEvent(new Event('loadedmetadata')));
    expect(within(bar).getByText('1:30')).toBeInTheDocument();
    // Played again (the same audio, already loaded: no new metadata comes): the length stays known.
    await user.click(screen.getByRole('button', { name: 'Play stored' }));
    await vi.waitFor(() => expect(within(bar).getByText('1:30')).toBeInTheDocument());
    expect(within(bar).queryByText('--:--')).toBeNull();
    seek.focus();
    await user.keyboard('{ArrowRight}');
    expect(time).toBe(10);
  });

  it("the volume slider's arrows step it once (not also the player's ±10 shortcut)", async () => {
    localStorage.setItem('hypnotherapy-listening-safety', 'acknowledged');
    const user = userEvent.setup();
    renderPlayer();
    await user.click(screen.getByRole('button', { name: 'Start' }));
    const bar = await screen.findByRole('region', { name: 'Audio player' }, { timeout: 15_000 });
    const volume = within(bar).getAllByRole('slider', { name: 'Volume' })[0]!;
    volume.focus();
    await user.keyboard('{ArrowDown}');
    expect(volume).toHaveAttribute('aria-valuenow', '99');
    await user.keyboard('{Home}');
    expect(volume).toHaveAttribute('aria-valuenow', '0');
    expect(within(bar).getAllByRole('button', { name: 'Unmute' }).length).toBeGreaterThan(0);
    document.getElementById('main-content')!.focus();
    await user.keyboard('{ArrowUp}');
    expect(volume).toHaveAttribute('aria-valuenow', '10');
  });

  it('a running sleep timer is extended by 10 minutes from the bar with one press (or key); the choice is remembered', async () => {
    localStorage.setItem('hypnotherapy-listening-safety', 'acknowledged');
    const user = userEvent.setup();
    renderPlayer();
    await user.click(screen.getByRole('button', { name: 'Start' }));
    const bar = await screen.findByRole('region', { name: 'Audio player' }, { timeout: 15_000 });
    expect(within(bar).queryByRole('button', { name: 'Add 10 minutes to the sleep timer' })).toBeNull();
    await user.click(within(bar).getByRole('button', { name: 'Expand player' }));
    await user.click(within(bar).getByRole('tab', { name: 'Now playing' }));
    await user.selectOptions(within(bar).getByLabelText('Sleep timer'), '15');
    expect(within(bar).getByText('Stops in 15 min')).toBeInTheDocument();
    const extend = within(bar).getByRole('button', { name: 'Add 10 minutes to the sleep timer' });
    await user.click(extend);
    expect(within(bar).getByText('Stops in 25 min')).toBeInTheDocument();
    extend.focus();
    await user.keyboard('{Enter}');
    expect(within(bar).getByText('Stops in 35 min')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('hypnotherapy-device-player-choices') ?? '{}')).toMatchObject({
      sleep: 15,
    });
  });

  it('close hides the bar and hands focus to the page', async () => {
    localStorage.setItem('hypnotherapy-listening-safety', 'acknowledged');
    const user = userEvent.setup();
    renderPlayer();
    await user.click(screen.getByRole('button', { name: 'Start' }));
    const bar = await screen.findByRole('region', { name: 'Audio player' }, { timeout: 15_000 });
    await user.click(within(bar).getByRole('button', { name: 'Close player' }));
    expect(screen.queryByRole('region', { name: 'Audio player' })).toBeNull();
    expect(document.getElementById('main-content')).toHaveFocus();
  });

  it('shows a short message when the audio cannot be played, and stops', async () => {
    localStorage.setItem('hypnotherapy-listening-safety', 'acknowledged');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { signOwnedAudioUrl } = await import('@/lib/audio-storage');
    vi.mocked(signOwnedAudioUrl).mockRejectedValueOnce(new Error('Object not found'));
    const user = userEvent.setup();
    renderPlayer();
    await user.click(screen.getByRole('button', { name: 'Start' }));
    const bar = await screen.findByRole('region', { name: 'Audio player' }, { timeout: 15_000 });
    expect(await within(bar).findByText('Could not play this audio. Please try again.')).toBeInTheDocument();
    expect(within(bar).getByRole('button', { name: 'Play' })).toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith('Audio playback failed:', 'Error');
    await act(async () => {});
  });
});
