import { useQuery } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Container } from '@/components/ui/container';
import { accountText } from '@/content/account';
import type { BrowserSettings } from './account-export';
import { ordersQuery } from './api/orders';
import { SectionCard } from '@/components/ui/section-card';
import { AppointmentsSection } from './appointments-section';
import { DataExportSection } from './data-export-section';
import { DeleteAccountSection } from './delete-account-section';
import { OrdersSection } from './orders-section';
import { savedAudioOf } from '@/lib/offline/saved-audio-index';
import { removeSavedAudio } from '@/lib/offline/saved-audio-store';
import { OnThisDeviceSection } from './on-this-device-section';
import { paidAsByPurchase } from './paid-as';
import { AccountSectionsNav } from './account-sections-nav';
import {
  YourAudioSection,
  type AudioActions,
  type ListeningInfo,
  type OwnedAudio,
} from './your-audio-section';

interface AccountPageProps {
  userId: string;
  /** Newest first. */
  audios: OwnedAudio[];
  /** `audios` may still grow (what a programme holds back is loading). */
  audiosLoading?: boolean;
  player?: AudioActions;
  /** 'Continue listening' (the player's, composed by the route): first on the page when the player holds a track. */
  continueListening?: ReactNode;
  /** Where this device left each audio and which one plays (the player's, composed by the route). */
  listening?: ListeningInfo;
  /** 'From your practitioner' (the programmes feature's section, composed by the route). */
  practitioner?: ReactNode;
  /** Before the appointments: the health form and the reminders switch (the route composes them). */
  beforeSessions?: ReactNode;
  /** The 'Your name' form (src/features/auth/full-name-form.tsx; composed by the route). */
  nameForm: ReactNode;
  /** The change-password form (shared with /update-password; composed by the route). */
  passwordForm: ReactNode;
  /** The practice log (src/features/practice, composed by the route). */
  practiceLog?: ReactNode;
  onSignOut: () => void;
  readBrowserSettings: () => BrowserSettings;
  onDeleted: () => void | Promise<void>;
}

/**
 * The body of My Account under its page header, as a library (docs/player.md "My Account as a library"): the
 * sections' navigation, continue listening, what the practitioner shared, audio, what is on this device, practice
 * log, appointments, orders, then the profile and data (name, password, sign out, data, deletion).
 */
export function AccountPage({
  userId,
  audios,
  audiosLoading = false,
  nameForm,
  passwordForm,
  onSignOut,
  readBrowserSettings,
  onDeleted,
  player,
  practiceLog,
  practitioner,
  beforeSessions,
  continueListening,
  listening,
}: AccountPageProps) {
  // The orders Orders shows (one query, shared): Your audio says how each audio was paid for from them.
  const orders = useQuery(ordersQuery(userId));
  const paidAs = orders.data ? paidAsByPurchase(audios, orders.data) : undefined;
  // A purchase newer than the cached orders (bought within their stale time): fetch the orders once more, so
  // its order shows and its audio gets its price (once per set of unknown orders: no loop if one never comes).
  const { data: loadedOrders, refetch: refetchOrders } = orders;
  const unknownOrders = loadedOrders
    ? [...new Set(audios.flatMap((audio) => (audio.orderId ? [audio.orderId] : [])))]
        .filter((orderId) => !loadedOrders.some((order) => order.id === orderId))
        .sort()
        .join(',')
    : '';
  const refetchedFor = useRef('');
  useEffect(() => {
    if (!unknownOrders || refetchedFor.current === unknownOrders) return;
    refetchedFor.current = unknownOrders;
    void refetchOrders();
  }, [unknownOrders, refetchOrders]);

  // A deleted account's audio leaves this device too (docs/offline-listening.md).
  async function deleted() {
    await removeSavedAudio(savedAudioOf(userId).map((audio) => audio.productId)).catch(() => undefined);
    await onDeleted();
  }

  return (
    <Container width="4xl" className="space-y-6 pb-16">
      <AccountSectionsNav
        withContinue={Boolean(continueListening)}
        withPracticeLog={Boolean(practiceLog)}
        withIntake={Boolean(beforeSessions)}
      />
      {continueListening}
      {practitioner}
      <YourAudioSection
        audios={audios}
        loading={audiosLoading}
        player={player}
        offlineUserId={userId}
        paidAs={paidAs}
        listening={listening}
      />
      <OnThisDeviceSection
        userId={userId}
        owned={audios.flatMap((audio) =>
          audio.productId
            ? [
                {
                  productId: audio.productId,
                  trackId: audio.id,
                  title: audio.title,
                  category: audio.category,
                },
              ]
            : [],
        )}
        onPlay={player?.onPlay}
      />
      {practiceLog}
      {beforeSessions}
      <AppointmentsSection userId={userId} />
      <OrdersSection userId={userId} />
      <SectionCard id="your-name" title={accountText.name.title} lead={accountText.name.lead}>
        {nameForm}
      </SectionCard>
      <SectionCard
        id="change-password"
        title={accountText.password.title}
        lead={accountText.password.lead}
      >
        <div className="max-w-md">{passwordForm}</div>
      </SectionCard>
      <SectionCard id="sign-out" title={accountText.signOut.title} lead={accountText.signOut.lead}>
        <Button variant="secondary" onClick={onSignOut}>
          <LogOut aria-hidden="true" />
          {accountText.signOut.button}
        </Button>
      </SectionCard>
      <DataExportSection readBrowserSettings={readBrowserSettings} />
      <DeleteAccountSection onDeleted={deleted} />
    </Container>
  );
}
