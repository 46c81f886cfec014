import { useEffect, type ReactNode } from 'react';
import { Seo } from '@/components/seo/seo';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { accountText } from '@/content/account';
import { guardText } from '@/content/auth';
import { getSettingsSnapshot } from '@/features/accessibility/settings-store';
import { downloadOwnedAudio } from '@/features/account/api/audio-download';
import { AccountPage } from '@/features/account/account-page';
import type { BrowserSettings } from '@/features/account/account-export';
import { useAuth } from '@/features/auth/auth-context';
import type { Purchase } from '@/features/auth/auth-types';
import { RequireUser } from '@/features/auth/auth-guards';
import { ChangePasswordForm } from '@/features/auth/change-password-form';
import { FullNameForm } from '@/features/auth/full-name-form';
import { IntakeSection } from '@/features/intake/intake-section';
import { RemindersSection } from '@/features/reminders/reminders-section';
import { readStoredConsent } from '@/features/consent/consent-storage';
import { savedAudioOf } from '@/lib/offline/saved-audio-index';
import { useQueriesHeldUntil } from '@/lib/query-client';
import { readStoredSessionUserId } from '@/lib/supabase';
import { useOnline } from '@/lib/offline/use-offline-owned-audio';
import { ContinueListening, useContinueTrack } from '@/features/player/continue-listening';
import { useListeningLibrary } from '@/features/player/use-listening-library';
import { usePlaylistActions } from '@/features/player/use-playlist-actions';
import { PracticeLogSection } from '@/features/practice/practice-log-section';
import { FromPractitionerSection } from '@/features/programmes/from-practitioner-section';
import { useOpenAudio } from '@/features/programmes/use-open-audio';
import { fullNameOf } from '@/lib/full-name';
import { QueryProvider } from '@/lib/query-provider';
import { toast } from '@/lib/toast';

/** What this browser stores for the visitor: their cookie choices and accessibility settings. */
function readBrowserSettings(): BrowserSettings {
  const consent = readStoredConsent();
  return {
    cookiePreferences: { hasConsented: consent.hasConsented, preferences: consent.preferences },
    accessibility: getSettingsSnapshot(),
  };
}

function AccountContent({ email, storedUserId }: { email: string; storedUserId?: string }) {
  const { session, purchases, refreshPurchases, signOut, loading } = useAuth();
  const userId = session?.user.id ?? storedUserId;
  useQueriesHeldUntil(session !== null);

  // Fresh purchases on every visit (a failure is only logged and the list stays as it was, docs/product-rules.md §8).
  useEffect(() => {
    void refreshPurchases();
  }, [refreshPurchases]);

  async function onDeleted() {
    toast.success(accountText.delete.done, { description: accountText.delete.doneDescription });
    await signOut();
  }

  return (
    <>
      <PageHeader
        title={guardText.accountTitle}
        lead={
          <>
            {guardText.signedInAs} <strong className="break-words text-foreground">{email}</strong>
          </>
        }
      />
      {userId ? (
        <QueryProvider>
          <AccountBody
            userId={userId}
            purchases={purchases}
            purchasesLoading={loading}
            nameForm={<FullNameForm savedName={fullNameOf(session?.user.user_metadata)} />}
            onSignOut={() => void signOut()}
            onDeleted={onDeleted}
          />
        </QueryProvider>
      ) : null}
    </>
  );
}

/**
 * My Account's body, inside its query cache: 'Your audio' and the player leave out what a programme still holds
 * back (docs/programmes.md "Unlock"), and no link is minted ahead before that is known.
 */
function AccountBody({
  userId,
  purchases,
  purchasesLoading,
  nameForm,
  onSignOut,
  onDeleted,
}: {
  userId: string;
  purchases: Purchase[];
  /** The account check has not answered yet (a cold start shown from this device): the list may still come. */
  purchasesLoading: boolean;
  nameForm: ReactNode;
  onSignOut: () => void;
  onDeleted: () => Promise<void>;
}) {
  const open = useOpenAudio(userId, purchases);
  const playerActions = usePlaylistActions(open.known ? open.audios : []);
  const listening = useListeningLibrary();
  const continueTrack = useContinueTrack();
  return (
    <AccountPage
      userId={userId}
      continueListening={continueTrack ? <ContinueListening /> : undefined}
      listening={listening}
      audios={open.audios}
      audiosLoading={open.loading || purchasesLoading}
      player={playerActions}
      practitioner={
        <FromPractitionerSection
          userId={userId}
          owned={purchases}
          player={playerActions}
          download={(item) => downloadOwnedAudio(item.productId, item.title)}
        />
      }
      beforeSessions={
        // The health form and the reminder switch (src/features/intake, src/features/reminders), next to the
        // appointments they prepare for.
        <>
          <IntakeSection userId={userId} />
          <RemindersSection userId={userId} />
        </>
      }
      nameForm={nameForm}
      passwordForm={<ChangePasswordForm submitLabel={accountText.password.submit} />}
      practiceLog={<PracticeLogSection userId={userId} />}
      onSignOut={onSignOut}
      readBrowserSettings={readBrowserSettings}
      onDeleted={onDeleted}
    />
  );
}

/** My Account (docs/product-rules.md D19): signed-in users only; the guard sends others to /auth and back. */
export function Component() {
  return (
    <>
      <Seo
        title={guardText.accountSeo.title}
        description={guardText.accountSeo.description}
        path={paths.account}
        noindex
      />
      <AccountGate />
    </>
  );
}

/**
 * A cold start with audio saved on this device (or offline) shows My Account from what this device holds as soon
 * as it is painted: what is saved here plays at once, and 'Your audio' is the list as last seen online when
 * offline (docs/offline-listening.md "Offline at once"). The account check goes on behind it, whose wait can be
 * seconds with no network (and the browser may not know it is offline); without anything on this device the
 * guard waits for the check as before.
 */
function AccountGate() {
  const { user, loading } = useAuth();
  const online = useOnline();
  const storedUserId = loading && user ? readStoredSessionUserId() : null;
  const early = storedUserId !== null && (!online || savedAudioOf(storedUserId).length > 0);
  if (user && storedUserId && early) return <AccountContent email={user.email} storedUserId={storedUserId} />;
  return <RequireUser>{(signedIn) => <AccountContent email={signedIn.email} />}</RequireUser>;
}
