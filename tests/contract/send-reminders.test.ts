// send-reminders under real Deno (docs/intake-and-reminders.md): a client books on the scheduler stand-in for
// a time 23 and a half hours away; one run sends the day-before reminder to the local inbox with the local
// time, the reschedule and cancel links and the intake link; the next run (a retry) sends nothing more.
// Only a secret key runs it. The step reminders' unsubscribe link switches them off at once, without signing
// in, and only with a token made with the project's secret key for that user.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../supabase/local/server.ts';
import { newCustomer } from './support/checkout.ts';
import { inbox, SITE_URL, startTestStack } from './support/stack.ts';

describe('send-reminders', { timeout: 120_000 }, () => {
  let stack: LocalStack;

  beforeAll(async () => {
    stack = await startTestStack();
  }, 240_000);
  afterAll(async () => {
    await stack?.stop();
  });

  function run(apikey?: string): Promise<Response> {
    return fetch(`${stack.url}/functions/v1/send-reminders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(apikey ? { apikey } : {}) },
      body: '{}',
    });
  }

  it('refuses a caller without a secret key', async () => {
    expect((await run()).status).toBe(401);
    expect((await run(stack.anonKey)).status).toBe(401);
  });

  it('sends the reminder to the local inbox once, however often it runs', async () => {
    const customer = await newCustomer(stack, 'reminded');
    // London is on GMT in January and BST in summer: the test's time zone is one with no clock change.
    await customer.client
      .from('client_settings')
      .upsert({ user_id: customer.userId, time_zone: 'Asia/Tokyo' });
    const start = new Date(Date.now() + (23 * 60 + 30) * 60_000);
    start.setUTCSeconds(0, 0);
    const booked = await fetch(`${stack.url}/_local/scheduler/book`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: new URL(stack.url).origin },
      body: new URLSearchParams({
        name: 'Reminded Client',
        email: customer.email,
        start: start.toISOString(),
      }),
      redirect: 'manual',
    });
    expect(booked.status).toBe(303);

    const first = await run(stack.serviceRoleKey);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ sent: 1, failed: 0 });
    const again = await run(stack.serviceRoleKey);
    expect(await again.json()).toMatchObject({ sent: 0 });

    const messages = (await inbox(stack, customer.email)).filter((m) => /^Reminder:/.test(m.subject));
    expect(messages).toHaveLength(1);
    const text = messages[0]!.text;
    const tokyo = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Tokyo',
      hour: '2-digit',
      minute: '2-digit',
    }).format(start);
    expect(text).toContain(`at ${tokyo} (GMT+9)`);
    expect(text).toContain(`${SITE_URL}/account#intake`);
    expect(text).toMatch(/Reschedule: http\S+\/reschedulings\//);
    expect(text).toMatch(/Cancel: http\S+\/cancellations\//);
  });

  it('the unsubscribe link switches step reminders off at once, and only with its own token', async () => {
    const customer = await newCustomer(stack, 'unsubscriber');
    const other = await newCustomer(stack, 'other');
    const on = await customer.client
      .from('client_settings')
      .upsert({ user_id: customer.userId, step_reminders: true });
    expect(on.error).toBeNull();
    const token = (userId: string) =>
      createHmac('sha256', stack.serviceRoleKey).update(`step-reminders-off:${userId}`).digest('base64url');
    const link = (userId: string, t: string) =>
      `${stack.url}/functions/v1/unsubscribe-reminders?${new URLSearchParams({ u: userId, t }).toString()}`;
    const switchedOn = async () =>
      (
        await customer.client
          .from('client_settings')
          .select('step_reminders')
          .eq('user_id', customer.userId)
          .single()
      ).data?.step_reminders;

    expect((await fetch(link(customer.userId, token(other.userId)))).status).toBe(403);
    expect((await fetch(link(customer.userId, 'x'.repeat(43)))).status).toBe(403);
    expect((await fetch(`${stack.url}/functions/v1/unsubscribe-reminders`)).status).toBe(400);
    expect(await switchedOn()).toBe(true);

    const response = await fetch(link(customer.userId, token(customer.userId)));
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(
      'You will no longer get an email when a step of your programme opens',
    );
    expect(await switchedOn()).toBe(false);
  });
});
