import { FileDown, LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { accountText } from '@/content/account';
import { getSupabase } from '@/lib/supabase';
import { fetchAccountData } from './account-api';
import { buildAccountExport, exportFileName, type BrowserSettings } from './account-export';
import { AccountSection } from './account-section';
import { saveBlob } from './save-file';

const text = accountText.data;

type State = 'idle' | 'working' | 'done' | 'failed';

interface DataExportSectionProps {
  /** Reads the settings this browser stores (cookie preferences, accessibility settings) at export time. */
  readBrowserSettings: () => BrowserSettings;
}

/** 'Download my data': a JSON file of the account, purchases, orders and this browser's settings. */
export function DataExportSection({ readBrowserSettings }: DataExportSectionProps) {
  const [state, setState] = useState<State>('idle');

  async function exportData() {
    setState('working');
    try {
      const server = await fetchAccountData(await getSupabase());
      const now = new Date();
      const document_ = buildAccountExport(server, readBrowserSettings(), now);
      const blob = new Blob([`${JSON.stringify(document_, null, 2)}\n`], { type: 'application/json' });
      saveBlob(blob, exportFileName(now, text.fileName));
      setState('done');
    } catch (error) {
      console.warn('Data export failed:', error instanceof Error ? error.message : String(error));
      setState('failed');
    }
  }

  const working = state === 'working';
  return (
    <AccountSection id="your-data" title={text.title} lead={text.lead}>
      <Button
        variant="secondary"
        onClick={() => void exportData()}
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
        {state === 'done' ? <p className="text-success">{text.ready}</p> : null}
        {state === 'failed' ? <p className="text-destructive">{text.failed}</p> : null}
      </div>
    </AccountSection>
  );
}
