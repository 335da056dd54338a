import { RECORD_KIND_CODES, SaveConnectionBody, type AdapterInfo, type ConnectionRow } from '@shared/api/regulator';
import { fromSchema, type FieldRule, type FormField, type FormValues } from '@renderer/components/Form';
import { useFormDialog } from '@renderer/components/ListPage';
import type { Language } from '@renderer/i18n/i18n';
import { useLanguage, useT } from '@renderer/i18n/useT';
import { kindOptions } from './names';
import { regulatorApi } from './regulatorApi';

/** The form keys of the adapter's own fields, apart from the connection's (name, adapter…). */
const SETTING = 'setting_';
const NUMBER = /^\d+(\.\d+)?$/;
const URL = /^https?:\/\/\S+$/i;

/** Whether the connection already holds a value for this secret field of this adapter (left empty: kept). */
const secretKept = (row: ConnectionRow | null, adapter: string, key: string) => !!row && row.adapter === adapter && row.secretsSet.includes(key);

/** The form's values of a connection (a secret never: it is shown as set, and left empty). */
export function connectionValues(row: ConnectionRow | null, adapters: readonly AdapterInfo[]): FormValues {
  if (!row) return { name: '', adapter: adapters.length === 1 ? adapters[0]!.id : '', accessCode: '', kinds: [...RECORD_KIND_CODES], enabled: true };
  const settings = Object.fromEntries(Object.entries(row.settings).map(([k, v]) => [`${SETTING}${k}`, row.secretsSet.includes(k) ? '' : String(v)]));
  return { ...settings, name: row.name, adapter: row.adapter, accessCode: row.accessCode, kinds: [...row.kinds], enabled: row.enabled };
}

/**
 * The body of 保存: the chosen adapter's fields only; an empty field left out (a secret left empty on edit keeps
 * its value), a number field as a number.
 */
export function connectionBody(v: FormValues, row: ConnectionRow | null, adapter: AdapterInfo | undefined): SaveConnectionBody {
  const settings: Record<string, string | number> = {};
  for (const f of adapter?.fields ?? []) {
    const raw = v[`${SETTING}${f.key}`];
    const text = typeof raw === 'string' ? (f.kind === 'secret' ? raw : raw.trim()) : raw === null || raw === undefined ? '' : String(raw);
    if (text === '') continue;
    settings[f.key] = f.kind === 'number' ? Number(text) : text;
  }
  return {
    ...(row ? { id: row.id } : {}),
    name: String(v.name ?? '').trim(),
    adapter: String(v.adapter ?? ''),
    accessCode: String(v.accessCode ?? '').trim(),
    settings,
    kinds: (v.kinds as SaveConnectionBody['kinds'] | undefined) ?? [],
    enabled: v.enabled === true,
  };
}

type T = ReturnType<typeof useT>;

/** The adapter's declared fields as form fields (secrets as passwords, 已设置，留空不修改 when one is held). */
function adapterFields(adapter: AdapterInfo | undefined, row: ConnectionRow | null, t: T, lang: Language): FormField[] {
  return (adapter?.fields ?? []).map((f) => {
    const label = lang === 'en' ? f.labelEn : f.label;
    const kept = f.kind === 'secret' && secretKept(row, adapter!.id, f.key);
    const rules: FieldRule[] = [{ max: 2000 }];
    if (f.required && !kept) rules.unshift({ required: true });
    if (f.kind === 'number') rules.push({ pattern: NUMBER, message: t('regulator.numberPattern', { label }) });
    if (f.kind === 'url') rules.push({ pattern: URL, message: t('regulator.urlPattern', { label }) });
    return {
      key: `${SETTING}${f.key}`, label, type: f.kind === 'secret' ? 'password' : 'text', rules, maxLength: 2000,
      ...(kept ? { placeholder: t('regulator.secretKept') } : {}),
      ...(f.help ? { hint: f.help } : {}),
      span: f.kind === 'url' || f.kind === 'folder' ? 24 : 12,
    } satisfies FormField;
  });
}

/** 新增对接 / 编辑: the connection, its adapter's own fields, the kinds it sends. `onSaved` gets the connection's id. */
export function useConnectionDialog(adapters: readonly AdapterInfo[], onSaved: (id: number) => void) {
  const t = useT();
  const lang = useLanguage();
  const [save] = regulatorApi.useSaveRegulatorConnectionMutation();
  const find = (id: unknown) => adapters.find((a) => a.id === id);
  return useFormDialog<ConnectionRow>({
    title: (row) => t(row ? 'regulator.editConnection' : 'regulator.addConnection'),
    defaultSpan: 12,
    fields: (values, row) => [
      { key: 'name', label: t('regulator.name'), ...fromSchema(SaveConnectionBody, 'name') },
      {
        key: 'adapter', label: t('regulator.adapter'), type: 'select', ...fromSchema(SaveConnectionBody, 'adapter'),
        options: adapters.map((a) => ({ label: lang === 'en' ? a.nameEn : a.name, value: a.id })),
        ...(find(values.adapter) ? { hint: find(values.adapter)!.description } : {}),
      },
      { key: 'accessCode', label: t('regulator.accessCode'), ...fromSchema(SaveConnectionBody, 'accessCode', { patternMessage: t('regulator.accessCodePattern') }) },
      ...adapterFields(find(values.adapter), row, t, lang),
      { key: 'kinds', label: t('regulator.kinds'), type: 'checkbox', options: kindOptions(lang), ...fromSchema(SaveConnectionBody, 'kinds'), span: 24 },
      { key: 'enabled', label: t('regulator.enabled'), type: 'switch', activeValue: true, inactiveValue: false },
    ],
    initialValues: (row) => connectionValues(row, adapters),
    submit: async (v, row) => {
      const saved = await save(connectionBody(v, row, find(v.adapter))).unwrap();
      onSaved(saved.id);
    },
  });
}
