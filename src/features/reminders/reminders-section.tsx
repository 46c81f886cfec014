import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { remindersText as text } from '@/content/reminders';
import { saveStepReminders, stepRemindersQuery } from './reminders-api';
import { SectionCard } from '@/components/ui/section-card';

/**
 * My Account's reminder switch: an email on the day a step of an assigned programme opens
 * (docs/intake-and-reminders.md). Off until the client switches it on; every such email can switch it off.
 * Appointment reminders need no switch: they are part of the booking.
 */
export function RemindersSection({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const query = useQuery(stepRemindersQuery(userId));
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [saving, setSaving] = useState(false);

  async function toggle(on: boolean) {
    setSaving(true);
    setMessage(null);
    // The switch moves at once; it moves back if the choice could not be saved.
    const key = stepRemindersQuery(userId).queryKey;
    queryClient.setQueryData(key, on);
    try {
      await saveStepReminders(userId, on);
      setMessage({ ok: true, text: on ? text.on : text.off });
    } catch {
      queryClient.setQueryData(key, !on);
      setMessage({ ok: false, text: text.failed });
    } finally {
      setSaving(false);
    }
  }

  return (
    <SectionCard id="reminders" title={text.title} lead={text.lead}>
      <div className="space-y-4">
        {query.isError ? (
          <p role="alert">{text.loadFailed}</p>
        ) : query.data === undefined ? (
          <p className="text-muted-foreground">{text.loading}</p>
        ) : (
          <label className="flex min-h-11 items-start gap-3">
            <input
              type="checkbox"
              role="switch"
              className="mt-1 size-5 shrink-0"
              checked={query.data}
              disabled={saving}
              onChange={(event) => void toggle(event.target.checked)}
            />
            <span>{text.switchLabel}</span>
          </label>
        )}
        <p role="status" className="min-h-6 text-sm">
          {message && message.ok ? message.text : ''}
        </p>
        {message && !message.ok ? (
          <p role="alert" className="font-semibold text-destructive">
            {message.text}
          </p>
        ) : null}
      </div>
    </SectionCard>
  );
}
