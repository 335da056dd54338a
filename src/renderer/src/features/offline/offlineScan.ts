/** What a station's offline rule answers when the local checks allow the scan: the stations kit's type. */
export type { OfflineScan } from '@renderer/stations/offline';
