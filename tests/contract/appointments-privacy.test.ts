import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchAccountData } from '@/features/account/api/account-data';
import type { LocalStack } from '../../supabase/local/server.ts';
import { confirmedUser, makeClient, signedInClient, startTestStack } from './support/stack.ts';

// Appointments are health data (docs/appointments.md "Privacy"): the customer's Download my data carries their
// own appointments and nobody else's, and deleting the account through delete-account removes them. The
// appointments are recorded as the scheduler-webhook function records them (record_scheduler_event, service role).

let stack: LocalStack;
let service: SupabaseClient;

beforeAll(async () => {
  stack = await startTestStack();
  service = makeClient(stack, stack.serviceRoleKey);
});
afterAll(async () => {
  await stack?.stop();
});

/** Books one appointment for `email` as a Calendly `invitee.created` delivery would; returns its invitee URI. */
async function book(email: string, name: string, start: string): Promise<string> {
  const id = randomUUID();
  const uri = `https://api.calendly.com/scheduled_events/EV-${id}/invitees/INV-${id}`;
  const payload = {
    uri,
    email,
    name,
    status: 'active',
    rescheduled: false,
    old_invitee: null,
    cancel_url: `https://calendly.com/cancellations/INV-${id}`,
    reschedule_url: `https://calendly.com/reschedulings/INV-${id}`,
    scheduled_event: {
      uri: `https://api.calendly.com/scheduled_events/EV-${id}`,
      name: 'Free Consultation',
      start_time: start,
      end_time: new Date(Date.parse(start) + 50 * 60_000).toISOString(),
    },
  };
  const recorded = await service.rpc('record_scheduler_event', {
    p_signature: randomUUID(),
    p_event: 'invitee.created',
    p_invitee: payload,
  });
  expect(recorded.error).toBeNull();
  return uri;
}

async function appointmentsOf(userId: string): Promise<number> {
  const { rows } = await stack.db.query<{ n: number }>(
    'select count(*)::int as n from public.appointments where user_id = $1',
    [userId],
  );
  return rows[0]!.n;
}

describe('appointments in Download my data and account deletion', () => {
  it("the export carries the caller's appointments and none of anyone else's", async () => {
    const [a, b] = [await confirmedUser(stack, 'appt-export-a'), await confirmedUser(stack, 'appt-export-b')];
    await book(a.email, 'Client A', '2030-03-04T10:00:00.000Z');
    await book(b.email, 'Client B', '2030-03-05T11:00:00.000Z');

    const { client } = await signedInClient(stack, a.email, a.password);
    const data = await fetchAccountData(client);
    expect(data.appointments).toEqual([
      expect.objectContaining({
        eventType: 'Free Consultation',
        startsAt: expect.stringMatching(/^2030-03-04T10:00:00/) as unknown,
        status: 'active',
        inviteeEmail: a.email,
        inviteeName: 'Client A',
      }),
    ]);
    const exported = JSON.stringify(data);
    expect(exported).not.toContain(b.email);
    expect(exported).not.toContain('Client B');
  });

  it('delete-account removes the caller’s appointments and leaves another customer’s', async () => {
    const [a, b] = [await confirmedUser(stack, 'appt-delete-a'), await confirmedUser(stack, 'appt-delete-b')];
    await book(a.email, 'Client A', '2030-04-01T09:00:00.000Z');
    await book(b.email, 'Client B', '2030-04-01T10:00:00.000Z');
    expect(await appointmentsOf(a.id)).toBe(1);

    const { client } = await signedInClient(stack, a.email, a.password);
    const deleted = await client.functions.invoke('delete-account', { body: {} });
    expect(deleted.error).toBeNull();
    const { rows } = await stack.db.query<{ n: number }>(
      'select count(*)::int as n from public.appointments where lower(invitee_email) = lower($1)',
      [a.email],
    );
    expect(rows[0]!.n).toBe(0);
    expect(await appointmentsOf(b.id)).toBe(1);
  });
});
