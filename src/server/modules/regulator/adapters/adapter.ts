import type { TObject } from '@sinclair/typebox';
import type { AdapterField, RegulatorRecordKind } from '@shared/api/regulator';

/** A value of a record's message: text, a number, or absent (sent as '' by REST, as an empty element by XML). */
export type FieldValue = string | number | null;

/** One record as an adapter sends it: its head and its fields in the order the format lists them (regulator.fields.ts). */
export interface OutgoingRecord {
  kind: RegulatorRecordKind;
  /** Unique per connection and kind, derived from the event (regulator.compose.ts recordIdOf). */
  recordId: string;
  accessCode: string;
  /** When it is sent (file names, the message's time). */
  now: Date;
  head: Record<string, FieldValue>;
  fields: Record<string, FieldValue>;
}

/** What a platform answered to one record; `message` is what was sent, kept on the record's history. */
export type SendOutcome =
  | { outcome: 'accepted' | 'pendingAudit' | 'sent'; platformId: string | null; words: string | null; status: number | null; message: string }
  | { outcome: 'rejected'; words: string; platformId: string | null; status: number | null; message: string }
  /** Not answered (unreachable, slow, an answer that is not the format's): tried again later, nothing decided. */
  | { outcome: 'failed'; error: string; status: number | null; message: string };

/** A record sent earlier whose verdict is asked again. */
export interface Pending {
  recordId: string;
  kind: RegulatorRecordKind;
  /** What the send answered: the platform's id (REST) or the file name written (file). */
  platformId: string | null;
}

export interface Verdict {
  recordId: string;
  state: 'accepted' | 'rejected' | 'pendingAudit' | 'auditPassed' | 'auditRejected';
  words: string | null;
}

/** `problem`: something read that is not the format's (a receipt that is not the agreed XML); shown on the connection, decides nothing. */
export type PollOutcome = { verdicts: Verdict[]; problem?: string } | { error: string };

/** The settings of a connection as its adapter reads them (secret fields decrypted). */
export type Settings = Record<string, string | number>;

/**
 * An adapter: how one kind of platform is sent to. One file each under adapters/, listed in adapters/index.ts;
 * docs/REGULATOR.md "Adding a city" says how to write one.
 */
export interface RegulatorAdapter {
  id: string;
  name: string;
  nameEn: string;
  description: string;
  /** The connection form's fields; `secret` ones are stored encrypted and never answered. */
  fields: AdapterField[];
  /** The declared settings schema, checked when a connection is saved (and defaults applied). */
  settingsSchema: TObject;
  send(record: OutgoingRecord, settings: Settings): Promise<SendOutcome>;
  /** Asks the verdicts of records sent and not settled (sent, pendingAudit); absent: the platform answers at once. */
  poll?(pending: Pending[], settings: Settings, accessCode: string): Promise<PollOutcome>;
}
