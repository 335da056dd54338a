import { GAS_CATEGORIES } from '@shared/api/material';
import { UserSaveBody, type DeptRow, type RoleOption, type UserDetail, type UserEditBody } from '@shared/api/user';
import { fromSchema, type FormField, type FormValues } from '@renderer/components/Form';
import { textOrNull } from '@renderer/components/ListPage';
import { deptOptions } from '@renderer/features/dept';
import { idNumberBody, idNumberField } from '@renderer/features/transport';
import type { MessageKey } from '@renderer/i18n/messages';

type Translate = (key: MessageKey, vars?: Record<string, string | number>) => string;


export interface UserFormContext {
  /** Editing: the account cannot change and no password is set here (重置密码 on the list does that). */
  editing: boolean;
  depts: readonly DeptRow[];
  roles: readonly RoleOption[];
  /** Without user:status the 启用 switch of an existing user is read-only (the server refuses the change too). */
  mayChangeStatus: boolean;
  /** The 身份证号 on file, masked (the server never answers it in full); the field starts with it. */
  idNoMasked?: string | null;
}

/** The fields of /Setting/AddUser. The password rules the plant sets are checked by the server, which names what is wrong. */
export function userFields(t: Translate, c: UserFormContext): FormField[] {
  const fields: FormField[] = [
    {
      key: 'username', label: t('user.account'), disabled: c.editing, span: 12,
      ...fromSchema(UserSaveBody, 'username', { patternMessage: t('user.usernamePattern'), minLengthMessage: t('user.usernamePattern') }),
    },
    // The edit body (UserEditBody) holds the same name and phone limits.
    { key: 'name', label: t('user.name'), ...fromSchema(UserSaveBody, 'name'), span: 12 },
    { key: 'phone', label: t('user.phone'), ...fromSchema(UserSaveBody, 'phone', { patternMessage: t('user.phonePattern') }), span: 12 },
    { key: 'deptId', label: t('user.dept'), type: 'select', clearable: true, options: deptOptions(c.depts), span: 12 },
    { key: 'roleIds', label: t('user.roles'), type: 'select', multiple: true, options: c.roles.map((r) => ({ label: r.roleName, value: r.id })) },
  ];
  if (!c.editing) {
    fields.push(
      { key: 'password', label: t('user.password'), type: 'password', span: 12, ...fromSchema(UserSaveBody, 'password', { minLengthMessage: t('user.passwordTooShort') }) },
      {
        // Checked against the password above: the same length bound, and it must match.
        key: 'confirmPassword', label: t('user.confirmPassword'), type: 'password', span: 12, maxLength: fromSchema(UserSaveBody, 'password').maxLength,
        rules: [{ required: true }, { validator: (v, all) => (v !== all.password ? t('user.passwordMismatch') : null) }],
      },
    );
  }
  // 气瓶充装作业人员证 (issue 34): judged at 领瓶 and 充装 when 充装人员须持有效作业证 is on.
  fields.push(
    { key: 'fillerCertNo', label: t('user.fillerCertNo'), ...fromSchema(UserSaveBody, 'fillerCertNo'), span: 12 },
    { key: 'fillerCertExpiry', label: t('user.fillerCertExpiry'), type: 'date', ...fromSchema(UserSaveBody, 'fillerCertExpiry'), span: 12 },
    // Issue 36: the regulator's platform names a filler by the ID number.
    idNumberField(t, c.idNoMasked, { span: 12 }),
    {
      key: 'fillerCertCategories', label: t('user.fillerCertCategories'), type: 'select', multiple: true,
      options: GAS_CATEGORIES.map((g) => ({ label: g.name, value: g.code })),
    },
  );
  fields.push({ key: 'status', label: t('user.enabled'), type: 'switch', disabled: c.editing && !c.mayChangeStatus, span: 12 });
  if (!c.editing) fields.push({ key: 'mustChangePassword', label: t('user.mustChangePassword'), type: 'switch', activeValue: true, inactiveValue: false, span: 12 });
  return fields;
}

export const newUserValues = (): FormValues => ({ status: 1, mustChangePassword: true, roleIds: [] });

export const userValues = (user: UserDetail): FormValues => ({
  username: user.username, name: user.name, phone: user.phone, deptId: user.deptId, roleIds: user.roleIds, status: user.status,
  fillerCertNo: user.fillerCertNo ?? null, fillerCertExpiry: user.fillerCertExpiry ?? null, fillerCertCategories: user.fillerCertCategories ?? [],
  idNo: user.idNoMasked ?? '',
});

const common = (v: FormValues) => ({
  name: String(v.name ?? '').trim(),
  phone: textOrNull(v.phone),
  deptId: typeof v.deptId === 'number' ? v.deptId : null,
  roleIds: Array.isArray(v.roleIds) ? (v.roleIds as number[]) : [],
  status: v.status === 0 ? (0 as const) : (1 as const),
  fillerCertNo: textOrNull(v.fillerCertNo),
  fillerCertExpiry: textOrNull(v.fillerCertExpiry),
  fillerCertCategories: Array.isArray(v.fillerCertCategories) ? (v.fillerCertCategories as UserSaveBody['fillerCertCategories']) : [],
});

export const saveBody = (v: FormValues): UserSaveBody => ({
  username: String(v.username ?? '').trim(),
  password: String(v.password ?? ''),
  mustChangePassword: v.mustChangePassword !== false,
  ...common(v),
  ...idNumberBody(v.idNo, null),
});

/** The ID number is left out while the masked one on file stands (kept), '' when cleared. */
export const editBody = (id: number, v: FormValues, idNoMasked?: string | null): UserEditBody => ({ id, ...common(v), ...idNumberBody(v.idNo, idNoMasked) });
