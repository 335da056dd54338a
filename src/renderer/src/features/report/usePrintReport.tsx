import { useRef, useState, type ReactNode } from 'react';
import type { ReportKey } from '@shared/api/setting';
import { PrintedDocumentDrawer, type PrintedDocument } from './PrintedDocumentDrawer';
import { printReport, type PrintSubject } from './printReport';
import { reportName } from './reportOptions';

/**
 * Prints a named report for a subject (an outbound order, a lot, a cylinder) through the server and shows
 * it in the document preview drawer; `onPrinted` runs once the document is made (an order records it).
 * Closing the drawer while the document is made drops it.
 */
export function usePrintReport(onPrinted?: (key: ReportKey) => void): { print: (key: ReportKey, subject: PrintSubject, title?: string) => Promise<void>; busy: boolean; element: ReactNode } {
  const [state, setState] = useState<{ title: string; doc: PrintedDocument | null } | null>(null);
  const current = useRef(0);
  const print = async (key: ReportKey, subject: PrintSubject, title = reportName(key)) => {
    const n = ++current.current;
    setState({ title, doc: null });
    try {
      const doc = await printReport(key, subject, title);
      if (n !== current.current) return;
      setState({ title, doc });
      onPrinted?.(key);
    } catch {
      // The HTTP client has shown why.
      if (n === current.current) setState(null);
    }
  };
  const close = () => {
    current.current += 1;
    setState(null);
  };
  const element = state ? <PrintedDocumentDrawer open title={state.title} doc={state.doc} onClose={close} /> : null;
  return { print, busy: state !== null && state.doc === null, element };
}
