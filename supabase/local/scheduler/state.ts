// What the scheduler stand-in remembers, in memory per stack (a restart forgets it; the appointments the
// webhook recorded stay in the database): the invitees booked and the deliveries sent.
import { randomBytes } from 'node:crypto';
import type { StackContext } from '../stack-context.ts';

export interface Invitee {
  id: string;
  eventId: string;
  name: string;
  email: string;
  eventType: string;
  start: Date;
  end: Date;
  status: 'active' | 'canceled';
  /** The invitee this one replaced (a reschedule), and the one that replaced it. */
  oldInviteeId: string | null;
  newInviteeId: string | null;
}

export interface Delivery {
  id: number;
  event: string;
  inviteeId: string;
  /** The exact body and signature header sent, so a resend is a byte-for-byte replay. */
  body: string;
  signature: string;
  status: number | null;
  error: string | null;
  at: string;
}

export interface SchedulerState {
  invitees: Map<string, Invitee>;
  deliveries: Delivery[];
  nextDelivery: number;
}

const states = new WeakMap<StackContext, SchedulerState>();

export function schedulerState(stack: StackContext): SchedulerState {
  let state = states.get(stack);
  if (!state) {
    state = { invitees: new Map(), deliveries: [], nextDelivery: 1 };
    states.set(stack, state);
  }
  return state;
}

/** An id in the style of Calendly's (upper-case alphanumerics). */
export function schedulerId(): string {
  return randomBytes(12).toString('hex').toUpperCase();
}
