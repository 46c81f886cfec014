import { describe, expect, it } from 'vitest';
import { toAccountOrder } from '@/features/account/api/orders';
import { buildAccountExport, exportFileName } from '@/features/account/account-export';
import { formatDateGB } from '@/features/account/account-format';
import { audioFileName } from '@/features/account/file-names';
import { splitAppointments } from '@/features/account/split-appointments';

describe('formatDateGB', () => {
  it('writes days and timestamps the UK way', () => {
    expect(formatDateGB('2026-11-20')).toBe('20 November 2026');
    expect(formatDateGB('2026-01-05')).toBe('5 January 2026');
    // 23:30 UTC on 30 June is 00:30 on 1 July in London (BST).
    expect(formatDateGB('2026-06-30T23:30:00Z')).toBe('1 July 2026');
    expect(formatDateGB('not a date')).toBe('not a date');
  });
});

describe('audioFileName', () => {
  it('keeps a readable title and adds .mp3', () => {
    expect(audioFileName('Sleep Deeply Tonight')).toBe('Sleep Deeply Tonight.mp3');
    expect(audioFileName("Stop Smoking – Part 2 (Men's)")).toBe("Stop Smoking – Part 2 (Men's).mp3");
  });

  it('removes what file systems refuse, control characters, leading dots and trailing dots or spaces', () => {
    expect(audioFileName('Calm: "Anxiety" Relief?')).toBe('Calm Anxiety Relief.mp3');
    expect(audioFileName('a/b\\c|d*e<f>g')).toBe('a b c d e f g.mp3');
    expect(audioFileName('line\nbreak\ttab\u0000')).toBe('line break tab.mp3');
    expect(audioFileName('...hidden')).toBe('hidden.mp3');
    expect(audioFileName('../../etc/passwd')).toBe('etc passwd.mp3');
    expect(audioFileName('Ends with dots...  ')).toBe('Ends with dots.mp3');
  });

  it('falls back for an empty result and caps the length', () => {
    expect(audioFileName('???')).toBe('audio.mp3');
    expect(audioFileName('')).toBe('audio.mp3');
    const long = audioFileName('x'.repeat(500));
    expect(long).toBe(`${'x'.repeat(120)}.mp3`);
  });
});

describe('toAccountOrder', () => {
  it("maps the row, sorts lines by position and lists a package line's audios A to Z", () => {
    expect(
      toAccountOrder({
        id: 'o',
        created_at: '2026-11-20T10:00:00Z',
        status: 'refunded',
        amount_pence: 698,
        amount_paid_pence: null,
        currency: 'gbp',
        order_lines: [
          { position: 2, kind: 'product', title: 'B', category: null, price_pence: 299, product_id: 'prod-b' },
          { position: 1, kind: 'package', title: 'A', category: 'Sleep', price_pence: 399 },
        ],
        order_items: [
          { product_id: 'prod-z', line_position: 1, products: { title: 'Zest' } },
          { product_id: 'prod-b', line_position: 2, products: { title: 'B' } },
          { product_id: 'prod-gone', line_position: 1, products: null },
          { product_id: 'prod-c', line_position: 1, products: { title: 'Calm' } },
        ],
      }),
    ).toEqual({
      id: 'o',
      createdAt: '2026-11-20T10:00:00Z',
      status: 'refunded',
      amountPence: 698,
      amountPaidPence: null,
      promotionCode: null,
      currency: 'gbp',
      lines: [
        { position: 1, kind: 'package', title: 'A', category: 'Sleep', pricePence: 399, productId: null, audios: ['Calm', 'Zest'] },
        { position: 2, kind: 'product', title: 'B', category: '', pricePence: 299, productId: 'prod-b', audios: [] },
      ],
      items: [
        { productId: 'prod-z', linePosition: 1 },
        { productId: 'prod-b', linePosition: 2 },
        { productId: 'prod-gone', linePosition: 1 },
        { productId: 'prod-c', linePosition: 1 },
      ],
      autoRefundedPence: 0,
      dispute: null,
    });
    // An automatic refund of audio already owned counts once it was made; a dispute is carried as it is.
    const refunded = toAccountOrder({
      id: 'o',
      created_at: 'x',
      status: 'paid',
      amount_pence: 598,
      amount_paid_pence: 598,
      currency: 'gbp',
      order_lines: null,
      ungranted_pence: 299,
      ungranted_refunded_at: '2026-11-20T10:00:00Z',
      dispute_status: 'open',
    });
    expect(refunded).toMatchObject({ autoRefundedPence: 299, dispute: 'open' });
    expect(
      toAccountOrder({
        id: 'o',
        created_at: 'x',
        status: 'pending',
        amount_pence: 0,
        amount_paid_pence: null,
        currency: 'gbp',
        order_lines: null,
      }).lines,
    ).toEqual([]);
  });
});

describe('the export document', () => {
  it('holds account, purchases, orders, appointments, listening positions and browser settings; the file name is a date only', () => {
    const now = new Date('2026-11-23T20:00:00Z');
    const server = {
      account: {
        id: 'u',
        email: 'me@example.com',
        fullName: 'Sam Example',
        createdAt: null,
        emailConfirmedAt: null,
        lastSignInAt: null,
        roles: [],
      },
      purchases: [
        {
          id: 'p',
          productId: 'x',
          orderId: null,
          title: 'Private Title',
          category: 'Sleep',
          price: 2.99,
          purchasedAt: '2026-11-20',
        },
      ],
      orders: [],
      appointments: [
        {
          id: 'a',
          eventType: '50 Minute Appointment',
          startsAt: '2026-11-30T10:00:00Z',
          endsAt: '2026-11-30T10:50:00Z',
          status: 'active' as const,
          rescheduleUrl: 'https://calendly.com/reschedulings/A',
          cancelUrl: 'https://calendly.com/cancellations/A',
          inviteeName: 'Me',
          inviteeEmail: 'me@example.com',
        },
      ],
      listeningPositions: [
        { productId: 'x', positionSeconds: 750, rate: 1.25, deviceKind: 'phone', playedAt: '2026-11-22T21:00:00Z' },
      ],
      listeningSessions: [
        { productId: 'x', day: '2026-11-22', startedAt: '2026-11-22T20:45:00Z', seconds: 900, finished: true },
      ],
      assignments: [{ id: 'as', note: 'Before bed', access: 'granted', programmes: { title: 'Sleep' } }],
      programmeProgress: [
        { productId: 'x', furthestSeconds: 750, listenedAt: null, lastListenedAt: '2026-11-22T21:00:00Z' },
      ],
      intake: { answers: { epilepsy: { yes: false, details: '' } }, submitted_at: '2026-11-22T21:00:00Z' },
      clientSettings: { time_zone: 'Europe/London' },
    };
    const settings = { accessibility: { highContrast: true } };
    expect(buildAccountExport(server, settings, now)).toEqual({
      exportedAt: '2026-11-23T20:00:00.000Z',
      ...server,
      browserSettings: settings,
    });
    const name = exportFileName(now, (date) => `my-account-data-${date}.json`);
    expect(name).toBe('my-account-data-2026-11-23.json');
  });
});

describe('splitting appointments', () => {
  const at = (id: string, startsAt: string, status: 'active' | 'canceled' = 'active') => ({
    id,
    eventType: 'Session',
    startsAt,
    endsAt: new Date(new Date(startsAt).getTime() + 50 * 60_000).toISOString(),
    status,
    rescheduleUrl: null,
    cancelUrl: null,
    inviteeName: '',
    inviteeEmail: 'me@example.com',
  });
  it('upcoming: active and not yet ended, soonest first; past and cancelled: latest first', () => {
    const now = new Date('2026-11-25T12:00:00Z');
    const list = [
      at('old', '2026-11-01T10:00:00Z'),
      at('inProgress', '2026-11-25T11:30:00Z'),
      at('cancelledLater', '2026-11-26T10:00:00Z', 'canceled'),
      at('next', '2026-11-27T10:00:00Z'),
      at('later', '2026-12-01T10:00:00Z'),
    ];
    const { upcoming, past } = splitAppointments(list, now);
    expect(upcoming.map((a) => a.id)).toEqual(['inProgress', 'next', 'later']);
    expect(past.map((a) => a.id)).toEqual(['cancelledLater', 'old']);
  });
});
