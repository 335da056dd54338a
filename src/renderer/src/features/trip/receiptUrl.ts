import { useEffect, useState } from 'react';
import { serverOrigin } from '@renderer/http/baseUrl';

/**
 * A stop's receipt (签收单 PDF) on the server: no sign-in needed, the token is the key. The server's own address (the
 * desktop's configured server, or this page's origin in a browser), so the link and its QR code open it anywhere.
 */
export const receiptUrl = (token: string, origin: string): string => `${origin}/api/trip/receipt/${encodeURIComponent(token)}`;

/** The receipt's address once the server's origin is known (at once in a browser). */
export function useReceiptUrl(token: string): string {
  const [origin, setOrigin] = useState(() => (typeof window === 'undefined' || window.api ? '' : window.location.origin));
  useEffect(() => {
    let live = true;
    void serverOrigin().then((o) => { if (live && o) setOrigin(o); });
    return () => { live = false; };
  }, []);
  return receiptUrl(token, origin);
}
