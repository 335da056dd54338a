import { connectMessages } from '@renderer/features/connect/messages';
import { deptMessages } from '@renderer/features/dept/messages';
import { companyMessages } from '@renderer/features/company/messages';
import { aboutMessages } from '@renderer/features/about/messages';
import { detectMessages } from '@renderer/features/detect/messages';
import { dictionaryMessages } from '@renderer/features/dictionary/messages';
import { enterpriseMessages } from '@renderer/features/enterprise/messages';
import { homeMessages } from '@renderer/features/home/messages';
import { inspectMessages } from '@renderer/features/inspect/messages';
import { logMessages } from '@renderer/features/log/messages';
import { machineMessages } from '@renderer/features/machine/messages';
import { materialMessages } from '@renderer/features/material/messages';
import { menuMessages } from '@renderer/features/menu/messages';
import { passwordMessages } from '@renderer/features/password/messages';
import { produceMessages } from '@renderer/features/produce/messages';
import { productMessages } from '@renderer/features/product/messages';
import { productExamMessages } from '@renderer/features/productExam/messages';
import { roleMessages } from '@renderer/features/role/messages';
import { storageMessages } from '@renderer/features/storage/messages';
import { systemRuleMessages } from '@renderer/features/systemRule/messages';
import { traceMessages } from '@renderer/features/trace/messages';
import { userMessages } from '@renderer/features/user/messages';
import { warehouseMessages } from '@renderer/features/warehouse/messages';
import { coreMessages } from './core';

/**
 * The UI dictionary: the shell's and widgets' texts (core.ts, with common.* for words every screen uses)
 * and one dictionary per feature, kept beside it (features/<name>/messages.ts). Chinese is the source;
 * English covers every key.
 */
const parts = [
  coreMessages, homeMessages, userMessages, passwordMessages, machineMessages, materialMessages, warehouseMessages,
  enterpriseMessages, productMessages, detectMessages, productExamMessages, produceMessages, inspectMessages, traceMessages,
  storageMessages, deptMessages, connectMessages,
  roleMessages, menuMessages,
  logMessages,
  companyMessages, dictionaryMessages, systemRuleMessages,
  aboutMessages,
] as const;

type Part = (typeof parts)[number];
type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
type AllZh = UnionToIntersection<Part['zh']>;

export type MessageKey = keyof AllZh & string;

export const zhCN = Object.assign({}, ...parts.map((p) => p.zh)) as Record<MessageKey, string>;
export const en = Object.assign({}, ...parts.map((p) => p.en)) as Record<MessageKey, string>;
