import { useMemo } from 'react';
import { MESSAGE_KINDS, PLACEHOLDER_LABELS, TemplateSaveBody, type MessageKind, type TemplateRow } from '@shared/api/message';
import { fromSchema, type FieldOption, type FormValues } from '@renderer/components/Form';
import { ListPage, rowValues, useActionsColumn, useFormDialog, useListFilters } from '@renderer/components/ListPage';
import type { TableColumn } from '@renderer/components/PaginatedTable';
import { userApi } from '@renderer/features/user';
import { useT } from '@renderer/i18n/useT';
import { useAppSelector } from '@renderer/store/hooks';
import { usePermission } from '@renderer/permission/permission';
import { messageApi } from './messageApi';

const hints = (names: readonly string[], lang: 'zh' | 'en') => names.map((n) => `{${n}} ${PLACEHOLDER_LABELS[n]?.[lang] ?? ''}`).join('，');

/** 消息模板: the title and texts of each kind of alert, who receives it, on or off. */
export default function TemplateListPage() {
  const t = useT();
  const lang = useAppSelector((s) => (s.app.language.startsWith('en') ? 'en' : 'zh'));
  const filters = useListFilters();
  const [save] = messageApi.useSaveTemplateMutation();
  // The role list is offered to holders of user:view; others choose among the roles the templates already name.
  const canListRoles = usePermission(['user:view']);
  const { data: roles } = userApi.useRoleOptionsQuery(undefined, { skip: !canListRoles });
  const { data: page } = messageApi.useTemplatePageQuery({ page: 1, size: 50 });
  const roleOptions = useMemo<FieldOption[]>(() => {
    if (roles) return roles.map((r) => ({ value: r.id, label: r.roleName }));
    const named = new Map<number, string>();
    for (const row of page?.list ?? []) row.roleIds.forEach((id, i) => named.set(id, row.roleNames[i] ?? String(id)));
    return [...named].map(([value, label]) => ({ value, label }));
  }, [roles, page]);

  const editor = useFormDialog<TemplateRow>({
    title: () => t('template.edit'),
    defaultSpan: 24,
    fields: (_v, row) => {
      const kind = MESSAGE_KINDS[(row?.code ?? 'recall') as MessageKind];
      return [
        { key: 'name', label: t('template.name'), disabled: true },
        { key: 'title', label: t('message.title'), ...fromSchema(TemplateSaveBody, 'title'), hint: t('template.titleHint', { list: hints(kind.digest, lang) }) },
        { key: 'content', label: t('message.content'), type: 'textarea', ...fromSchema(TemplateSaveBody, 'content'), hint: t('template.placeholders', { list: hints(kind.item, lang) }) },
        { key: 'digest', label: t('template.digest'), type: 'textarea', ...fromSchema(TemplateSaveBody, 'digest'), hint: t('template.digestHint', { list: hints(kind.digest, lang) }) },
        { key: 'roleIds', label: t('template.roles'), type: 'select', multiple: true, options: roleOptions },
        { key: 'enabled', label: t('template.enabled'), type: 'switch' },
      ];
    },
    initialValues: rowValues,
    submit: (v: FormValues, row) => save({
      id: row!.id, code: row!.code as MessageKind, title: String(v.title), content: String(v.content), digest: String(v.digest),
      enabled: v.enabled === 1 ? 1 : 0, roleIds: Array.isArray(v.roleIds) ? (v.roleIds as number[]) : [],
    }).unwrap(),
  });
  const actions = useActionsColumn<TemplateRow>([{ label: t('common.edit'), permission: 'messageTemplate:save', onClick: editor.open }]);
  const columns = useMemo<TableColumn<TemplateRow>[]>(() => [
    { field: 'name', headerName: t('template.name'), width: 170 },
    { field: 'title', headerName: t('message.title'), flex: 1, minWidth: 140 },
    { field: 'content', headerName: t('message.content'), flex: 2, minWidth: 200 },
    { field: 'roleNames', headerName: t('template.roles'), width: 160, valueFormatter: (v: string[]) => v.join('、') },
    { field: 'enabled', headerName: t('template.enabled'), width: 80, valueFormatter: (v: number) => (v === 1 ? '✓' : '—') },
    actions,
  ], [t, actions]);

  return (
    <ListPage<TemplateRow> fields={[{ key: 'keyword', label: t('message.keyword'), maxLength: 64 }]} filters={filters}
      query={messageApi.useTemplatePageQuery} columns={columns}>
      {editor.element}
    </ListPage>
  );
}
