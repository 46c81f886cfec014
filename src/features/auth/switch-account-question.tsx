import { UserRoundCog } from 'lucide-react';
import type { ReactElement } from 'react';
import { AppLink } from '@/components/ui/app-link';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { switchAccountText as text } from '@/content/auth';
import { AuthLayout } from './auth-layout';
import type { LinkSessionControls } from './use-link-session';

/** Asked before a link's session replaces the one this browser holds (docs/auth-links.md). */
function SwitchAccountQuestion({
  currentEmail,
  incomingEmail,
  onSwitch,
  onStay,
}: {
  currentEmail: string;
  incomingEmail: string;
  onSwitch: () => void;
  onStay: () => void;
}) {
  return (
    <AuthLayout icon={<UserRoundCog />} title={text.title}>
      <dl className="space-y-3 text-center">
        <div>
          <dt className="text-muted-foreground">{text.signedInAs}</dt>
          <dd className="font-semibold [overflow-wrap:anywhere]">{currentEmail}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{text.linkFor}</dt>
          <dd className="font-semibold [overflow-wrap:anywhere]">{incomingEmail}</dd>
        </div>
      </dl>
      <p className="mt-4 text-center text-muted-foreground">{text.explanation}</p>
      <div className="mt-6 flex flex-col gap-3">
        <Button onClick={onStay} className="h-auto min-h-11 whitespace-normal [overflow-wrap:anywhere]">
          {text.stayAs(currentEmail)}
        </Button>
        <Button
          variant="secondary"
          onClick={onSwitch}
          className="h-auto min-h-11 whitespace-normal [overflow-wrap:anywhere]"
        >
          {text.switchTo(incomingEmail)}
        </Button>
      </div>
    </AuthLayout>
  );
}

/** After the visitor kept their account. */
function StayedSignedIn() {
  return (
    <AuthLayout icon={<UserRoundCog />} title={text.stayedTitle}>
      <p className="text-center text-muted-foreground">{text.stayedText}</p>
      <Button asChild className="mt-6 w-full">
        <AppLink to={paths.home}>{text.home}</AppLink>
      </Button>
    </AuthLayout>
  );
}

/**
 * What a link's session asks of the visitor before the page can go on (the confirm link and the reset link
 * alike): the switch question, or the page after they stayed; null when it asks nothing.
 */
export function linkSessionPrompt(link: LinkSessionControls): ReactElement | null {
  const { state } = link;
  if (state.name === 'ask') {
    return (
      <SwitchAccountQuestion
        currentEmail={state.currentEmail}
        incomingEmail={state.incoming.email}
        onSwitch={link.switchAccount}
        onStay={link.stay}
      />
    );
  }
  return state.name === 'stayed' ? <StayedSignedIn /> : null;
}
