import type { StationOffline } from '@renderer/stations/offline';
import { OfflineHeader } from './OfflineHeader';
import { enqueue, hasQueuedScan, keepInQueue } from './queue';
import { kickSync, scanActivity } from './sync';

/** The stations' offline half (the kit's StationOffline): this PC's local queue, the copy's pacing and the header. */
export const stationOffline: StationOffline = {
  waiting: hasQueuedScan,
  async keep(scan) {
    await keepInQueue(scan, () => enqueue(scan));
    kickSync();
  },
  scanning(active) {
    if (active) {
      scanActivity.inFlight += 1;
    } else {
      scanActivity.inFlight -= 1;
      scanActivity.lastAt = Date.now();
    }
  },
  Header: OfflineHeader,
};
