import { describe, expect, it } from 'vitest';
import {
  londonWeekOf,
  splitByWeek,
  withoutIntake,
  type AdminAppointment,
} from '@/features/admin/appointments-api';

const at = (
  id: string,
  startsAt: string,
  intake: AdminAppointment['intake'] = 'no-account',
): AdminAppointment => ({
  id,
  user_id: null,
  intake,
  invitee_name: '',
  invitee_email: 'x@example.com',
  event_type: 'Session',
  starts_at: startsAt,
  ends_at: startsAt,
});

describe('the practice week (Europe/London, Monday to Sunday)', () => {
  it('finds the Monday of the London week, across midnight and the clock change', () => {
    expect(londonWeekOf(new Date('2026-11-25T12:00:00Z'))).toBe('2026-11-23'); // a Wednesday
    expect(londonWeekOf(new Date('2026-11-23T00:00:00Z'))).toBe('2026-11-23'); // Monday, midnight GMT
    expect(londonWeekOf(new Date('2026-11-29T23:59:00Z'))).toBe('2026-11-23'); // Sunday night
    // 23:30 UTC on Sunday 28 June 2026 is 00:30 on Monday 29 June in London (BST).
    expect(londonWeekOf(new Date('2026-06-28T23:30:00Z'))).toBe('2026-06-29');
  });

  it("splits into this week's (earlier days included) and later ones; older weeks are left out", () => {
    const now = new Date('2026-11-25T12:00:00Z');
    const rows = [
      at('lastWeek', '2026-11-20T10:00:00Z'),
      at('monday', '2026-11-23T10:00:00Z'),
      at('sunday', '2026-11-29T16:00:00Z'),
      at('nextMonday', '2026-11-30T10:00:00Z'),
      at('january', '2027-01-04T10:00:00Z'),
    ];
    const { thisWeek, later } = splitByWeek(rows, now);
    expect(thisWeek.map((row) => row.id)).toEqual(['monday', 'sunday']);
    expect(later.map((row) => row.id)).toEqual(['nextMonday', 'january']);
  });
});

describe('upcoming appointments without a health form', () => {
  it('lists those to come whose form is not in, with or without an account', () => {
    const now = new Date('2026-11-25T12:00:00Z');
    const rows = [
      at('past', '2026-11-25T11:00:00Z', 'missing'),
      at('sent', '2026-11-26T10:00:00Z', 'in'),
      at('missing', '2026-11-26T11:00:00Z', 'missing'),
      at('no-account', '2026-11-27T10:00:00Z', 'no-account'),
    ];
    expect(withoutIntake(rows, now).map((row) => row.id)).toEqual(['missing', 'no-account']);
  });
});
