import { Seo } from '@/components/seo/seo';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { guardText } from '@/content/auth';
import { RequireUser } from '@/features/auth/auth-guards';

// The guarded shell of My Account; its content (purchases, player, settings) comes with the account issue.
export function Component() {
  return (
    <>
      <Seo
        title={guardText.accountSeo.title}
        description={guardText.accountSeo.description}
        path={paths.account}
        noindex
      />
      <RequireUser>
        {(user) => (
          <PageHeader
            title={guardText.accountTitle}
            lead={
              <>
                {guardText.signedInAs} <strong className="break-words text-foreground">{user.email}</strong>
              </>
            }
          />
        )}
      </RequireUser>
    </>
  );
}
