// scheduler-webhook under real Deno, fed by the local scheduler stand-in (supabase/local/scheduler/): booking,
// rescheduling and cancelling on the stand-in's pages change the customer's appointment; a forged, stale or
// replayed delivery is refused and changes nothing; an appointment for an email without an account appears
// once that person signs up; cross-origin form posts to the stand-in are refused.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LOCAL_SCHEDULER_SIGNING_KEY } from '../../supabase/local/scheduler/settings.ts';
import { schedulerSignature } from '../../supabase/local/scheduler/webhooks.ts';
import type { LocalStack } from '../../supabase/local/server.ts';
import { newCustomer } from './support/checkout.ts';
import { latestEmail, makeClient, openLink, signedInClient, startTestStack } from './support/stack.ts';

type Delivery = { id: number; event: string; status: number | null; body: Record<string, unknown> };
type Appointment = { status: string; starts_at: string; invitee_uri: string; reschedule_url: string | null };

describe('scheduler-webhook and the scheduler stand-in', { timeout: 120_000 }, () => {
  let stack: LocalStack;
  let base: string;

  beforeAll(async () => {
    stack = await startTestStack();
    base = `${stack.url}/_local/scheduler`;
  }, 240_000);
  afterAll(async () => {
    await stack?.stop();
  });

  /** Posts a stand-in form as its own page would (same origin); returns the redirect's path. */
  async function submit(path: string, fields: Record<string, string> = {}): Promise<string> {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: new URL(stack.url).origin },
      body: new URLSearchParams(fields).toString(),
      redirect: 'manual',
    });
    expect(response.status).toBe(303);
    return response.headers.get('location') ?? '';
  }

  async function firstSlot(path: string): Promise<string> {
    const html = await (await fetch(`${base}${path}`)).text();
    const slots = [...html.matchAll(/name="start" value="([^"]+)"/g)].map((match) => match[1] ?? '');
    expect(slots.length).toBeGreaterThan(1);
    return slots[slots.length - 1]!;
  }

  async function book(name: string, email: string): Promise<string> {
    const start = await firstSlot(`/practice/50min?name=${encodeURIComponent(name)}`);
    const location = await submit('/book', { name, email, start });
    return /\/invitees\/([A-F0-9]+)$/.exec(location)?.[1] ?? '';
  }

  async function deliveries(): Promise<Delivery[]> {
    return (await (await fetch(`${base}/deliveries`)).json()) as Delivery[];
  }

  async function appointmentsOf(email: string): Promise<Appointment[]> {
    return (
      await stack.db.query<Appointment>(
        `select status, starts_at::text, invitee_uri, reschedule_url from public.appointments
         where lower(invitee_email) = lower($1) order by created_at`,
        [email],
      )
    ).rows;
  }

  function post(body: string, signature: string | null): Promise<Response> {
    return fetch(`${stack.url}/functions/v1/scheduler-webhook`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(signature === null ? {} : { 'calendly-webhook-signature': signature }),
      },
      body,
    });
  }

  it('book, reschedule and cancel on the stand-in: one appointment the customer reads, updated each time', async () => {
    const customer = await newCustomer(stack, 'booker');
    const inviteeId = await book('Booking Customer', customer.email);
    expect(inviteeId).not.toBe('');
    expect((await deliveries())[0]).toMatchObject({ event: 'invitee.created', status: 200 });

    const read = async () => {
      const { data, error } = await customer.client
        .from('appointments')
        .select('status, starts_at, reschedule_url, cancel_url, invitee_name');
      expect(error).toBeNull();
      return data ?? [];
    };
    const booked = await read();
    expect(booked).toHaveLength(1);
    expect(booked[0]).toMatchObject({ status: 'active', invitee_name: 'Booking Customer' });
    expect(booked[0]!.reschedule_url).toBe(`${base}/reschedulings/${inviteeId}`);

    const newSlot = await firstSlot(`/reschedulings/${inviteeId}`);
    const moved = /\/invitees\/([A-F0-9]+)$/.exec(
      await submit(`/reschedulings/${inviteeId}`, { start: newSlot }),
    )?.[1];
    const [created, cancelled] = await deliveries();
    expect(cancelled).toMatchObject({ event: 'invitee.canceled', status: 200 });
    expect(created).toMatchObject({ event: 'invitee.created', status: 200 });
    const rescheduled = await read();
    expect(rescheduled).toHaveLength(1);
    expect(rescheduled[0]).toMatchObject({ status: 'active', cancel_url: `${base}/cancellations/${moved}` });
    expect(new Date(rescheduled[0]!.starts_at as string).toISOString()).toBe(newSlot);

    await submit(`/cancellations/${moved}`);
    const cancelledRows = await read();
    expect(cancelledRows).toHaveLength(1);
    expect(cancelledRows[0]).toMatchObject({ status: 'canceled' });

    // Another customer reads none of it.
    const other = await newCustomer(stack, 'other');
    const { data: others } = await other.client.from('appointments').select('id');
    expect(others).toEqual([]);
  });

  it('a forged, stale, unsigned or replayed delivery is refused and changes nothing', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const email = `forgery-${randomUUID()}@example.test`;
      const inviteeId = await book('Forgery Target', email);
      const original = (await deliveries()).find((d) => JSON.stringify(d.body).includes(inviteeId))!;
      const before = await appointmentsOf(email);
      expect(before).toHaveLength(1);

      // A cancellation of that appointment, signed every wrong way.
      const cancel = JSON.stringify({
        ...original.body,
        event: 'invitee.canceled',
        payload: { ...(original.body.payload as object), status: 'canceled' },
      });
      const now = Math.floor(Date.now() / 1000);
      const forged = await post(cancel, schedulerSignature(cancel, 'not the signing key', now));
      expect(forged.status).toBe(400);
      expect(await forged.json()).toEqual({ error: 'Invalid signature.' });
      const stale = await post(cancel, schedulerSignature(cancel, LOCAL_SCHEDULER_SIGNING_KEY, now - 181));
      expect(stale.status).toBe(400);
      expect(await stale.json()).toEqual({ error: 'Stale signature.' });
      const future = await post(cancel, schedulerSignature(cancel, LOCAL_SCHEDULER_SIGNING_KEY, now + 600));
      expect(future.status).toBe(400);
      const unsigned = await post(cancel, null);
      expect(unsigned.status).toBe(400);
      const tampered = await post(cancel, schedulerSignature(`${cancel} `, LOCAL_SCHEDULER_SIGNING_KEY, now));
      expect(tampered.status).toBe(400);
      expect(await appointmentsOf(email)).toEqual(before);

      // The booking's own delivery, byte for byte again: refused as a replay.
      const replay = await fetch(`${base}/deliveries/${original.id}/replay`, {
        method: 'POST',
        headers: { origin: new URL(stack.url).origin },
      });
      expect(await replay.json()).toMatchObject({ status: 409 });
      expect(await appointmentsOf(email)).toEqual(before);

      // The same cancellation, genuinely signed, applies once; a redelivery (new signature) changes nothing.
      const genuine = await post(cancel, schedulerSignature(cancel, LOCAL_SCHEDULER_SIGNING_KEY, now));
      expect(await genuine.json()).toEqual({ received: true, result: 'canceled' });
      const again = await post(cancel, schedulerSignature(cancel, LOCAL_SCHEDULER_SIGNING_KEY, now - 1));
      expect(await again.json()).toEqual({ received: true, result: 'duplicate' });
      expect(await appointmentsOf(email)).toMatchObject([{ status: 'canceled' }]);
    } finally {
      warn.mockRestore();
    }
  });

  it('an appointment booked before sign-up appears once its person has made the confirmed account theirs', async () => {
    const email = `later-${randomUUID()}@example.test`;
    await book('Later Client', email);
    expect(await appointmentsOf(email)).toMatchObject([{ status: 'active' }]);
    const someoneElse = await newCustomer(stack, 'someone-else');
    const { data: notTheirs } = await someoneElse.client.from('appointments').select('id');
    expect(notTheirs).toEqual([]);

    // Confirmed from another browser (no sign-up proof): the password may be whoever registered first's, so a
    // password sign-in reads nothing and cannot claim (docs/security.md "Pre-registered accounts").
    const signup = await makeClient(stack).auth.signUp({ email, password: 'secret-pass-1' });
    expect(signup.error).toBeNull();
    await openLink((await latestEmail(stack, email, 'Confirm Your Signup')).link);
    const signedIn = await signedInClient(stack, email, 'secret-pass-1');
    expect((await signedIn.client.from('appointments').select('id')).data).toEqual([]);
    expect((await signedIn.client.rpc('claim_my_account', { p_signup_proof: null })).data).toBe(
      'password_needed',
    );

    // A recovery link and a new password chosen from its session: the account is theirs, with the appointment.
    const recovering = makeClient(stack);
    expect((await recovering.auth.resetPasswordForEmail(email)).error).toBeNull();
    const { tokenHash } = await latestEmail(stack, email, 'Reset Your Password');
    expect((await recovering.auth.verifyOtp({ token_hash: tokenHash, type: 'recovery' })).error).toBeNull();
    expect((await recovering.auth.updateUser({ password: 'chosen-pass-2' })).error).toBeNull();
    expect((await recovering.rpc('claim_my_account', { p_signup_proof: null })).data).toBe('owned');
    const { data } = await recovering.from('appointments').select('invitee_name, status');
    expect(data).toEqual([{ invitee_name: 'Later Client', status: 'active' }]);
    // The password session from before the change has ended: its token reads nothing.
    expect((await signedIn.client.from('appointments').select('id')).data).toEqual([]);
  });

  it('anonymous callers read nothing; cross-origin posts to the stand-in are refused', async () => {
    const anon = await fetch(`${stack.url}/rest/v1/appointments?select=id`, {
      headers: { apikey: stack.anonKey },
    });
    expect(anon.status).toBe(401);

    const before = (await deliveries()).length;
    const crossSite = await fetch(`${base}/book`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      body: new URLSearchParams({
        name: 'X',
        email: 'x@example.test',
        start: '2099-01-01T10:00:00Z',
      }).toString(),
      redirect: 'manual',
    });
    expect(crossSite.status).toBe(403);
    const fetchMetadata = await fetch(`${base}/book`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site' },
      body: 'name=X&email=x%40example.test&start=2099-01-01T10%3A00%3A00Z',
      redirect: 'manual',
    });
    expect(fetchMetadata.status).toBe(403);
    expect((await deliveries()).length).toBe(before);
  });
});
