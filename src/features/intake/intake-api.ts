import { queryOptions } from '@tanstack/react-query';
import { getSignedInSupabase, getSupabase } from '@/lib/supabase';
import { queryKeyRoots } from '@/lib/query-client';
import { parseAnswers, parseQuestions, type Answers, type IntakeQuestion } from './intake-model';

// The intake through the Data API, under RLS (supabase/migrations/20261130060000_intake.sql): the client's
// own row, the question list, and an admin's read of a client's row.

export interface Intake {
  answers: Answers;
  healthDataConsentAt: string | null;
  hypnotherapyConsentAt: string | null;
  submittedAt: string | null;
  updatedAt: string;
}

interface IntakeRow {
  answers: unknown;
  health_data_consent_at: string | null;
  hypnotherapy_consent_at: string | null;
  submitted_at: string | null;
  updated_at: string;
}

const COLUMNS = 'answers, health_data_consent_at, hypnotherapy_consent_at, submitted_at, updated_at';

function toIntake(row: IntakeRow): Intake {
  return {
    answers: parseAnswers(row.answers),
    healthDataConsentAt: row.health_data_consent_at,
    hypnotherapyConsentAt: row.hypnotherapy_consent_at,
    submittedAt: row.submitted_at,
    updatedAt: row.updated_at,
  };
}

export const intakeQuestionsQuery = () =>
  queryOptions({
    queryKey: [...queryKeyRoots.account, 'intake-questions'],
    queryFn: async (): Promise<IntakeQuestion[]> => {
      const client = await getSupabase();
      const { data, error } = await client.from('intake_form').select('questions').maybeSingle();
      if (error) throw error;
      return parseQuestions((data as { questions: unknown } | null)?.questions);
    },
  });

/** One person's intake (the client's own, or any client's for an admin); null when there is none. */
export const intakeQuery = (userId: string) =>
  queryOptions({
    queryKey: [...queryKeyRoots.account, 'intake', userId],
    queryFn: async (): Promise<Intake | null> => {
      const client = await getSupabase();
      const { data, error } = await client
        .from('intakes')
        .select(COLUMNS)
        .eq('user_id', userId)
        .maybeSingle();
      if (error) throw error;
      return data ? toIntake(data as IntakeRow) : null;
    },
  });

export interface IntakeChange {
  answers: Answers;
  healthDataConsent: boolean;
  hypnotherapyConsent: boolean;
  submitted: boolean;
  consentWording: string;
}

/**
 * Saves the whole form (an upsert). A consent or the submission is sent as any time: the database stamps its
 * own and keeps the first (intakes_stamp_times).
 */
export async function saveIntake(userId: string, change: IntakeChange): Promise<Intake> {
  const client = await getSupabase();
  const marker = new Date().toISOString();
  const { data, error } = await client
    .from('intakes')
    .upsert({
      user_id: userId,
      answers: change.answers,
      health_data_consent_at: change.healthDataConsent ? marker : null,
      hypnotherapy_consent_at: change.hypnotherapyConsent ? marker : null,
      submitted_at: change.submitted ? marker : null,
      consent_wording: change.consentWording,
    })
    .select(COLUMNS)
    .single();
  if (error) throw error;
  return toIntake(data as IntakeRow);
}

export async function deleteIntake(userId: string): Promise<void> {
  const client = await getSupabase();
  const { error } = await client.from('intakes').delete().eq('user_id', userId);
  if (error) throw error;
}

/** Keeps the client's time zone (this browser's) for reminders' local times; best effort. */
export async function rememberTimeZone(userId: string): Promise<void> {
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (!timeZone) return;
  // Only for a confirmed session: My Account drawn from the device before the account check sends nothing in
  // the name of a session the server has ended (src/lib/supabase.ts getSignedInSupabase).
  const client = await getSignedInSupabase();
  if (!client) return;
  await client.from('client_settings').upsert({ user_id: userId, time_zone: timeZone });
}

export async function saveQuestions(questions: IntakeQuestion[]): Promise<void> {
  const client = await getSupabase();
  const { data, error } = await client.from('intake_form').update({ questions }).eq('id', true).select('id');
  if (error) throw error;
  if (!data || data.length === 0) throw new Error('not saved');
}
