import { Button, Chip, Stack, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { CheckItemSaveBody, type CheckItem } from '@shared/api/household';
import { fromSchema, type FormValues } from '@renderer/components/Form';
import { textOrNull, useFormDialog } from '@renderer/components/ListPage';
import { useT } from '@renderer/i18n/useT';
import { HasPermission } from '@renderer/permission/Permission';
import { householdApi } from './householdApi';

export const toCheckItemBody = (v: FormValues, row: CheckItem | null): CheckItemSaveBody => ({
  ...(row ? { id: row.id } : {}),
  name: String(v.name ?? '').trim(),
  nameEn: textOrNull(v.nameEn),
  level: v.level === 'major' ? 'major' : 'minor',
  sort: Number(v.sort ?? 0),
  status: v.status === 0 ? 0 : 1,
});

/**
 * 检查项: the 入户安检 checklist (household:save edits it). A checker sees the enabled items in this order; an item's
 * level is what a hazard found on it is unless the checker says otherwise. Items are never deleted (past checks name
 * them): one no longer asked is disabled.
 */
export function ChecklistTab() {
  const t = useT();
  const items = householdApi.useCheckItemsQuery().data ?? [];
  const [save] = householdApi.useSaveCheckItemMutation();
  const levels = [{ label: t('household.level.major'), value: 'major' }, { label: t('household.level.minor'), value: 'minor' }];
  const limits = (key: keyof CheckItemSaveBody) => fromSchema(CheckItemSaveBody, key);
  const levelText = (level: string) => t(level === 'major' ? 'household.level.major' : 'household.level.minor');

  const editor = useFormDialog<CheckItem>({
    title: (row) => t(row ? 'household.editItem' : 'household.addItem'),
    initialValues: (row) => (row
      ? { name: row.name, nameEn: row.nameEn ?? '', level: row.level, sort: row.sort, status: row.status }
      : { level: 'minor', sort: (items.at(-1)?.sort ?? 0) + 10, status: 1 }),
    fields: () => [
      { key: 'name', label: t('household.itemName'), ...limits('name'), span: 12 },
      { key: 'nameEn', label: t('household.itemNameEn'), ...limits('nameEn'), span: 12 },
      { key: 'level', label: t('household.defaultLevel'), type: 'select', options: levels, ...limits('level'), span: 12 },
      { key: 'sort', label: t('household.sort'), type: 'number', ...limits('sort'), span: 12 },
      { key: 'status', label: t('household.enabled'), type: 'switch', span: 12 },
    ],
    submit: (v, row) => save(toCheckItemBody(v, row)).unwrap(),
  });

  return (
    <Stack spacing={1}>
      <HasPermission keys={['household:save']}>
        <Stack direction="row">
          <Button variant="contained" color="success" onClick={() => editor.open()}>{t('common.add')}</Button>
        </Stack>
      </HasPermission>
      <Table size="small" aria-label={t('household.tabItems')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('household.itemName')}</TableCell>
            <TableCell>{t('household.itemNameEn')}</TableCell>
            <TableCell>{t('household.defaultLevel')}</TableCell>
            <TableCell>{t('household.sort')}</TableCell>
            <TableCell>{t('household.status')}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((item) => (
            <TableRow key={item.id}>
              <TableCell>{item.name}</TableCell>
              <TableCell>{item.nameEn ?? ''}</TableCell>
              <TableCell><Chip size="small" color={item.level === 'major' ? 'error' : 'warning'} label={levelText(item.level)} /></TableCell>
              <TableCell>{item.sort}</TableCell>
              <TableCell>{t(item.status === 1 ? 'household.enabled' : 'household.disabled')}</TableCell>
              <TableCell>
                <HasPermission keys={['household:save']}>
                  <Button size="small" onClick={() => editor.open(item)} aria-label={`${t('common.edit')} ${item.name}`}>{t('common.edit')}</Button>
                </HasPermission>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {editor.element}
    </Stack>
  );
}
