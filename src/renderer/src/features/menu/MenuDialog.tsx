import { useMemo, useRef, useState } from 'react';
import { Divider, Stack, Typography } from '@mui/material';
import { MenuSaveBody, type MenuOption } from '@shared/api/menu';
import { AppDialog, type AppDialogHandle } from '@renderer/components/AppDialog';
import { Form, fromSchema, sameValues, type FormField, type SchemaOptions, type FormHandle, type FormValues } from '@renderer/components/Form';
import { TableForm, type TableFormHandle } from '@renderer/components/TableForm';
import { useT } from '@renderer/i18n/useT';
import { notify } from '@renderer/notify/toast';
import { menuApi } from './menuApi';
import {
  buttonColumns, buttonRows, initialValues, parentOptions, repeatedKey, toBody, type Editing,
} from './menuForm';

/**
 * The menu form: the menu's fields and its buttons (key and name), saved at once. A built-in menu keeps
 * its number and its own keys: those inputs are read-only here, and the server refuses them too.
 */
export function MenuDialog({ item, menus, onClose }: { item: Editing; menus: MenuOption[]; onClose: () => void }) {
  const t = useT();
  const dialog = useRef<AppDialogHandle>(null);
  const form = useRef<FormHandle>(null);
  const table = useRef<TableFormHandle>(null);
  const [save] = menuApi.useSaveMenuMutation();
  const [initial] = useState<FormValues>(() => initialValues(item));
  const [values, setValues] = useState<FormValues>(initial);
  const [buttonsChanged, setButtonsChanged] = useState(false);
  const rows = useMemo(() => buttonRows(item), [item]);
  const columns = useMemo(() => buttonColumns(t), [t]);
  const node = 'node' in item ? item.node : undefined;

  const title = node ? t('menu.edit') : 'parentName' in item && item.parentName ? t('menu.addChildOf', { name: item.parentName }) : t('menu.add');
  // Limits and patterns from the body the server checks (MenuSaveBody).
  const limits = (key: keyof MenuSaveBody, options?: SchemaOptions) => fromSchema(MenuSaveBody, key, options);
  const fields: FormField[] = [
    { key: 'menuName', label: t('menu.name'), ...limits('menuName') },
    { key: 'menuNo', label: t('menu.no'), disabled: node?.builtIn, ...limits('menuNo', { patternMessage: t('common.codePattern', { label: t('menu.no') }) }) },
    { key: 'parentNo', label: t('menu.parent'), type: 'select', options: parentOptions(menus, t, node?.menuNo) },
    { key: 'menuIcon', label: t('menu.icon'), ...limits('menuIcon') },
    { key: 'menuUrl', label: t('menu.url'), placeholder: '/product/product', ...limits('menuUrl', { patternMessage: t('menu.urlPattern') }) },
    {
      key: 'menuLink', label: t('menu.link'), placeholder: 'https://',
      ...limits('menuLink', { patternMessage: t('menu.linkPattern'), also: [{ validator: (v, all) => (v && all.menuUrl ? t('menu.urlOrLink') : undefined) }] }),
    },
    {
      key: 'target', label: t('menu.target'), type: 'select', options: [
        { label: t('menu.targetIframe'), value: 'iframe' }, { label: t('menu.targetSelf'), value: '_self' },
        { label: t('menu.targetParent'), value: '_parent' }, { label: t('menu.targetBlank'), value: '_blank' },
      ],
    },
    { key: 'menuColor', label: t('menu.color'), placeholder: '#409EFF', ...limits('menuColor', { patternMessage: t('menu.colorPattern') }) },
    { key: 'sort', label: t('menu.sort'), type: 'number', ...limits('sort') },
    { key: 'hidden', label: t('menu.hidden'), type: 'switch' },
  ];

  const submit = async () => {
    const result = form.current?.validate();
    const buttons = table.current?.validate();
    if (!result?.valid || !buttons?.success || !table.current) return;
    const list = table.current.getRows();
    const twice = repeatedKey(list);
    if (twice) {
      notify(t('menu.keyTwice', { key: twice }), 'error');
      return;
    }
    // A refusal (a number or key in use, a move under itself) is the server's message, shown by the HTTP client.
    await save(toBody(result.values, list, item)).unwrap();
    notify(t('common.saved'), 'success');
    onClose();
  };

  const dirty = buttonsChanged || !sameValues(values, initial);

  return (
    <AppDialog ref={dialog} open title={title} onClose={onClose} unsaved={dirty} onSubmit={submit}>
      <Stack spacing={2}>
        <Form ref={form} autoFocus fields={fields} values={values} defaultSpan={12} onChange={setValues} onSubmit={() => void dialog.current?.submit()} />
        <Divider />
        <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline' }}>
          <Typography variant="subtitle2">{t('menu.buttons')}</Typography>
          {node && node.lockedKeys.length > 0 && <Typography variant="caption" color="text.secondary">{t('menu.lockedNote')}</Typography>}
        </Stack>
        <TableForm ref={table} columns={columns} defaultValue={rows} onChange={(_rows, reason) => reason !== 'init' && reason !== 'validate' && setButtonsChanged(true)} />
      </Stack>
    </AppDialog>
  );
}
