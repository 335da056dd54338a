import type { AdapterInfo } from '@shared/api/regulator';
import type { RegulatorAdapter } from './adapter';
import { restAdapter } from './rest.adapter';
import { xmlFileAdapter } from './xml-file.adapter';

/** Every adapter a connection can use. A city's own adapter is one more file here (docs/REGULATOR.md "Adding a city"). */
export const ADAPTERS: readonly RegulatorAdapter[] = [restAdapter, xmlFileAdapter];

export const adapterById = (id: string): RegulatorAdapter | undefined => ADAPTERS.find((a) => a.id === id);

export const adapterInfo = (a: RegulatorAdapter): AdapterInfo => ({ id: a.id, name: a.name, nameEn: a.nameEn, description: a.description, fields: a.fields });

export type { FieldValue, OutgoingRecord, Pending, PollOutcome, RegulatorAdapter, SendOutcome, Settings, Verdict } from './adapter';
