import { FileDown, LoaderCircle } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { accountText } from '@/content/account';
import { useDownloadAccountData, type BrowserSettings } from './account-export';
import { SectionCard } from '@/components/ui/section-card';

const text = accountText.data;

interface DataExportSectionProps {
  /** Reads the settings this browser stores (cookie preferences, accessibility settings) at export time. */
  readBrowserSettings: () => BrowserSettings;
}

/** 'Download my data': a JSON file of the account, purchases, orders and this browser's settings. */
export function DataExportSection({ readBrowserSettings }: DataExportSectionProps) {
  const download = useDownloadAccountData();
  const working = download.isPending;
  return (
    <SectionCard id="your-data" title={text.title} lead={text.lead}>
      <Button
        variant="secondary"
        onClick={() => download.mutate({ browser: readBrowserSettings(), fileName: text.fileName })}
        disabled={working}
        aria-busy={working || undefined}
      >
        {working ? (
          <LoaderCircle aria-hidden="true" className="animate-spin" />
        ) : (
          <FileDown aria-hidden="true" />
        )}
        {working ? text.preparing : text.button}
      </Button>
      <div aria-live="polite" className="mt-3 text-sm">
        {download.isSuccess ? <p className="text-success">{text.ready}</p> : null}
        {download.isError ? <p className="text-destructive">{text.failed}</p> : null}
      </div>
    </SectionCard>
  );
}
