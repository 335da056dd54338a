import { BUTTON_KEY_PATTERN, type MenuAdminNode, type MenuOption, type MenuSaveBody } from '@shared/api/menu';
import { isMenuTarget } from '@shared/menuLink';
import type { FieldOption, FormValues } from '@renderer/components/Form';
import { numberOrUndefined, textOrNull } from '@renderer/components/ListPage';
import type { TableColumn, TableRow } from '@renderer/components/TableForm';
import type { MessageKey } from '@renderer/i18n/messages';

type Translate = (key: MessageKey, vars?: Record<string, string | number>) => string;

/** The parent select's value for 无（顶级菜单）: not a possible menu number, so never a real menu's. */
export const TOP = '#top';
const KEY_PATTERN = new RegExp(BUTTON_KEY_PATTERN);

/** What the dialog edits: a menu, or a new one under `parentNo` (null: top level). */
export type Editing = { node: MenuAdminNode } | { parentNo: string | null; parentName?: string };

/**
 * The parent choices in tree order, indented by depth. When editing, the menu itself and everything below
 * it are left out: a menu cannot move under itself.
 */
export function parentOptions(menus: MenuOption[], t: Translate, editingNo?: string): FieldOption[] {
  const children = new Map<string | null, MenuOption[]>();
  const known = new Set(menus.map((m) => m.menuNo));
  for (const m of menus) {
    const parent = m.parentNo && known.has(m.parentNo) ? m.parentNo : null;
    children.set(parent, [...(children.get(parent) ?? []), m]);
  }
  const out: FieldOption[] = [{ label: t('menu.topLevel'), value: TOP }];
  const walk = (parent: string | null, depth: number) => (children.get(parent) ?? []).forEach((m) => {
    if (m.menuNo === editingNo) return;
    out.push({ label: `${'\u3000'.repeat(depth)}${m.menuName}（${m.menuNo}）`, value: m.menuNo });
    walk(m.menuNo, depth + 1);
  });
  walk(null, 0);
  return out;
}

export function initialValues(item: Editing): FormValues {
  if ('node' in item) {
    const n = item.node;
    return {
      menuName: n.menuName, menuNo: n.menuNo, menuIcon: n.menuIcon, menuUrl: n.menuUrl, menuLink: n.menuLink, target: n.target ?? '_self',
      hidden: n.hidden, menuColor: n.menuColor, sort: n.sort, parentNo: n.parentNo ?? TOP,
    };
  }
  return { target: '_self', hidden: 0, parentNo: item.parentNo ?? TOP };
}

/** The buttons as table rows; a built-in menu's own keys are locked (neither renamed nor removed). */
export function buttonRows(item: Editing): Partial<TableRow>[] {
  if (!('node' in item)) return [];
  return item.node.buttonList.map((b) => ({ ...b, locked: item.node.lockedKeys.includes(b.buttonKey) }));
}

/** Rows without `locked` (added in the dialog) are editable. */
const UNLOCKED = { locked: [false, undefined] };

export function buttonColumns(t: Translate): TableColumn[] {
  return [
    {
      key: 'buttonKey', label: t('menu.buttonKey'), type: 'text', maxlength: 64, placeholder: 'product:add', disabledDecide: UNLOCKED,
      rule: [
        { required: true, message: t('widget.ruleRequiredInput', { label: t('menu.buttonKey') }) },
        { pattern: KEY_PATTERN, message: t('menu.keyPattern') },
      ],
    },
    {
      key: 'buttonName', label: t('menu.buttonName'), type: 'text', maxlength: 64,
      rule: [{ required: true, message: t('widget.ruleRequiredInput', { label: t('menu.buttonName') }) }],
    },
    { key: 'ops', label: t('common.actions'), type: 'operation', buttons: ['delete'], disabledDecide: UNLOCKED, width: 80 },
  ];
}

/** A key listed twice, if any. */
export function repeatedKey(rows: TableRow[]): string | undefined {
  const seen = new Set<string>();
  for (const r of rows) {
    const key = String(r.buttonKey ?? '');
    if (seen.has(key)) return key;
    seen.add(key);
  }
  return undefined;
}

export function toBody(v: FormValues, rows: TableRow[], item: Editing): MenuSaveBody {
  const target = isMenuTarget(v.target) ? v.target : null;
  return {
    ...('node' in item ? { id: item.node.id } : {}),
    menuNo: String(v.menuNo ?? '').trim(),
    menuName: String(v.menuName ?? '').trim(),
    menuIcon: textOrNull(v.menuIcon),
    menuUrl: textOrNull(v.menuUrl),
    menuLink: textOrNull(v.menuLink),
    target,
    hidden: v.hidden === 1 ? 1 : 0,
    menuColor: textOrNull(v.menuColor),
    ...(numberOrUndefined(v.sort) !== undefined ? { sort: numberOrUndefined(v.sort) } : {}),
    parentNo: v.parentNo === TOP || !v.parentNo ? null : String(v.parentNo),
    buttonList: rows.map((r) => ({ buttonKey: String(r.buttonKey ?? '').trim(), buttonName: String(r.buttonName ?? '').trim() })),
  };
}
